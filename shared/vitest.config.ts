import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'shared',
    environment: 'jsdom',
    include: ['test/**/*.test.{ts,tsx}'],
    // Modules are tested one by one, not through the views that add the on-demand texts.
    setupFiles: ['./test/setup.ts'],
    env: {
      VITE_SUPABASE_URL: 'http://127.0.0.1:54321',
      VITE_SUPABASE_ANON_KEY: 'test-anon-key',
    },
  },
});

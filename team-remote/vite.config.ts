import { fileURLToPath } from 'node:url';
import { federation } from '@module-federation/vite';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { applyEnvDefaults } from '@taskflow/shared/env-defaults';
import { devPorts, federationShared } from '@taskflow/shared/federation';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

applyEnvDefaults(here('..'));

export default defineConfig({
  // P2: built asset URLs relative to the chunk, not to the host page.
  base: './',
  envDir: here('..'),
  plugins: [
    react(),
    tailwindcss(),
    federation({
      name: 'team_remote',
      filename: 'remoteEntry.js',
      manifest: true,
      exposes: { './TeamManagement': './src/team-management.tsx' },
      shared: federationShared,
      dts: false,
      dev: { remoteHmr: true },
    }),
  ],
  // P1: dev-served asset URLs must point at this server, not at the host.
  server: {
    port: devPorts.team,
    strictPort: true,
    origin: `http://localhost:${devPorts.team}`,
  },
  preview: { port: devPorts.team, strictPort: true },
  build: { target: 'esnext' },
  test: {
    name: 'team-remote',
    environment: 'jsdom',
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    env: {
      VITE_SUPABASE_URL: 'http://127.0.0.1:54321',
      VITE_SUPABASE_ANON_KEY: 'test-anon-key',
    },
  },
});

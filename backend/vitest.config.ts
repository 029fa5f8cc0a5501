import { defineConfig } from 'vitest/config';

/**
 * The backend suite runs on PGlite always, and a second time on PostgreSQL when
 * TEST_DATABASE_URL names a server (CI starts a throwaway PostgreSQL 15 cluster for it):
 * PGlite is PostgreSQL 18 and serial, so it hides dialect drift and races.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'pglite', env: { TEST_DB: 'pglite' } } },
      ...(onPostgres
        ? [{ extends: true as const, test: { name: 'postgres', env: { TEST_DB: 'postgres' } } }]
        : []),
    ],
  },
});

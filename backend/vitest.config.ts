import { availableParallelism } from 'node:os';
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
    // Vitest's default (cores - 1) runs the files one by one on a 2-core machine; much of a file's
    // time is waiting (restarts, sockets, bcrypt on the other core), so two at a time halve it.
    maxWorkers: Math.max(2, availableParallelism() - 1),
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

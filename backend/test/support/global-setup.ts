/**
 * Once per run of the PGlite project: a data folder with the bootstrap, every migration and the
 * change feed already applied. startTestBackend copies it instead of migrating a fresh PGlite
 * for every test file, which is most of a backend's start-up time.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startBackend } from '../../src/server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite folder to copy; absent on PostgreSQL. */
    pgliteTemplate?: string;
  }
}

export default async function setup(project: TestProject) {
  if (project.name !== 'pglite') return undefined;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'taskflow-template-'));
  const backend = await startBackend({
    port: 0,
    host: '127.0.0.1',
    logLevel: 'silent',
    databaseUrl: null,
    dataDir: dir,
  });
  await backend.close();
  project.provide('pgliteTemplate', path.join(dir, 'pglite'));
  return () => fs.rm(dir, { recursive: true, force: true });
}

/**
 * A test file's backend in one line: started before the file's tests, closed after them. A
 * separate module from backend.ts, which the benches import without vitest.
 */
import { afterAll, beforeAll } from 'vitest';
import type { BackendConfig } from '../../src/config.ts';
import { startTestBackend, type TestBackend } from './backend.ts';

/** The object is filled in by beforeAll, so the file holds it in a const and reads it in tests. */
export const useTestBackend = (overrides: Partial<BackendConfig> = {}): TestBackend => {
  const backend = {} as TestBackend;
  beforeAll(async () => {
    Object.assign(backend, await startTestBackend(overrides));
  });
  afterAll(async () => {
    // Absent when the start failed: the start's error is the one to report.
    await backend.close?.();
  });
  return backend;
};

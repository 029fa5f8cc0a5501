/**
 * PGlite does not lock its data folder: two processes on one folder silently lose writes
 * (pglite-notes.md). The backend holds this lock for as long as it runs. proper-lockfile
 * refreshes the lock's mtime while we live, so a crashed process's lock goes stale and the next
 * start takes it over instead of failing forever.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import lockfile from 'proper-lockfile';

export class DataDirInUseError extends Error {
  constructor(readonly dataDir: string) {
    super(
      `The data folder ${dataDir} is in use by another TaskFlow backend. ` +
        'Stop that process, or set DATA_DIR to another folder.',
    );
    this.name = 'DataDirInUseError';
  }
}

/** Locks `dataDir` (creating it); resolves to the release function. */
export const lockDataDir = async (dataDir: string): Promise<() => Promise<void>> => {
  await fs.mkdir(dataDir, { recursive: true });
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: path.join(dataDir, 'backend.lock'),
      stale: 15_000,
      update: 5_000,
      onCompromised: (error) => {
        // Another process took the folder over while we ran: continuing would corrupt it.
        console.error(`Lost the lock on ${dataDir}: ${error.message}`);
        process.exit(1);
      },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirInUseError(dataDir);
    throw error;
  }
};

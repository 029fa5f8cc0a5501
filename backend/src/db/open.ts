import path from 'node:path';
import type { Logger } from 'pino';
import type { BackendConfig } from '../config.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { migrate } from './migrations.ts';
import { openPglite } from './pglite-adapter.ts';
import { openPostgres } from './postgres-adapter.ts';
import type { Db } from './types.ts';

/**
 * Opens the configured database (a PostgreSQL server when `databaseUrl` is set, else PGlite in
 * `dataDir`), then bootstraps and migrates it. The returned `close` also releases the lock.
 */
export const openDb = async (
  config: Pick<BackendConfig, 'databaseUrl' | 'dataDir' | 'migrationsDir'>,
  logger: Logger,
): Promise<Db> => {
  let db: Db;
  let release = async () => {};
  if (config.databaseUrl) {
    try {
      db = await openPostgres(config.databaseUrl, logger);
    } catch (error) {
      const where = new URL(config.databaseUrl);
      throw new Error(
        `Cannot open the database at ${where.host}${where.pathname} (DATABASE_URL): ${(error as Error).message}`,
        { cause: error },
      );
    }
  } else {
    if (config.dataDir) release = await lockDataDir(config.dataDir);
    try {
      db = await openPglite(config.dataDir && path.join(config.dataDir, 'pglite'));
    } catch (error) {
      await release();
      throw error;
    }
  }

  try {
    const report = await migrate(db, config.migrationsDir);
    if (report.applied.length > 0) logger.info({ applied: report.applied }, 'migrations applied');
  } catch (error) {
    await db.close();
    await release();
    throw error;
  }

  const close = db.close;
  return {
    ...db,
    async close() {
      await close();
      await release();
    },
  };
};

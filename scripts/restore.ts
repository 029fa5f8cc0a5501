// `npm run restore FILE`: loads a dump written by `npm run backup` into an empty DATA_DIR (or
// an empty DATABASE_URL database). Refuses anything that is not empty.
import path from 'node:path';
import { loadConfig } from '../backend/src/config.ts';
import { restorePglite, restorePostgres } from '../backend/src/db/backup.ts';
import { loadRepoEnv } from './lib/load-env.ts';

loadRepoEnv();
const config = loadConfig();
const argument = process.argv[2];

try {
  if (!argument) throw new Error('Usage: npm run restore FILE (a dump from npm run backup)');
  const file = path.resolve(argument);
  if (config.databaseUrl) {
    await restorePostgres(file, config.databaseUrl);
    console.log(`Restored ${file} into the database at DATABASE_URL.`);
  } else if (config.dataDir) {
    await restorePglite(file, config.dataDir);
    console.log(`Restored ${file} into ${config.dataDir}. Start the backend with npm run backend.`);
  } else {
    throw new Error('DATA_DIR is :memory:, there is no folder to restore into.');
  }
} catch (error) {
  console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

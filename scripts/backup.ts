// `npm run backup [FILE]`: a plain SQL dump of the database the backend uses (DATA_DIR's PGlite,
// or DATABASE_URL). Without FILE it goes to backups/taskflow-<UTC time>.sql.
import fs from 'node:fs/promises';
import path from 'node:path';
import { loadConfig, repoRoot } from '../backend/src/config.ts';
import { backupPglite, backupPostgres } from '../backend/src/db/backup.ts';
import { loadRepoEnv } from './lib/load-env.ts';

loadRepoEnv();
const config = loadConfig();
const stamp = new Date()
  .toISOString()
  .replace(/[-:]/g, '')
  .replace(/\.\d+Z$/, 'Z');
const file = path.resolve(
  process.argv[2] ?? path.join(repoRoot, 'backups', `taskflow-${stamp}.sql`),
);

try {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const started = performance.now();
  if (config.databaseUrl) await backupPostgres(config.databaseUrl, file);
  else if (config.dataDir) await backupPglite(config.dataDir, file);
  else throw new Error('DATA_DIR is :memory:, there is nothing on disk to back up.');
  const { size } = await fs.stat(file);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Backup written: ${file} (${(size / 1024).toFixed(0)} KiB, ${seconds} s)`);
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

/**
 * `npm run backend`: the local Supabase-compatible server. Reads .env from the repository root
 * (see .env.example), prints one line when ready, and exits non-zero with a clear message when
 * the port is taken or the database cannot be opened. Once serving, an error that nothing
 * caught is logged with its request id and the server goes on (process-guards.ts, installed by
 * startBackend, so `npm start` and `npm run dev:backend` have them too).
 */
import path from 'node:path';
import dotenv from 'dotenv';
import { repoRoot } from './config.ts';
import { startBackend } from './server.ts';

dotenv.config({ path: path.join(repoRoot, '.env'), quiet: true });

try {
  const backend = await startBackend();
  const { config } = backend.ctx;
  const database = config.databaseUrl
    ? 'PostgreSQL (DATABASE_URL)'
    : config.dataDir
      ? `PGlite in ${path.relative(repoRoot, config.dataDir) || '.'}`
      : 'PGlite in memory';
  console.log(
    `TaskFlow backend ready on ${backend.url} (${database}); anon key: ${backend.anonKey}`,
  );

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await backend.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  console.error(
    `TaskFlow backend could not start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
}

/**
 * The backend for `npm run soak`, in a process of its own, as it runs for real: the members'
 * clients (bench/soak.ts) then do not share its event loop. Loopback only. The auth rate limits
 * are off, because they count per IP address and all members share 127.0.0.1. Prints one JSON
 * line with the URL and keys once ready; stops on SIGTERM.
 */
import { startBackend } from '../backend/src/server.ts';

const backend = await startBackend({
  port: 0,
  host: '127.0.0.1',
  logLevel: 'silent',
  dataDir: process.env.SOAK_DATA_DIR || null,
  databaseUrl: process.env.SOAK_BACKEND_DATABASE_URL || null,
  rateLimitSignInSignUps: 0,
  rateLimitPerEmail: 0,
  rateLimitTokenRefresh: 0,
});
const { url, anonKey, serviceRoleKey } = backend;
process.stdout.write(`${JSON.stringify({ url, anonKey, serviceRoleKey })}\n`);
process.on('SIGTERM', () => {
  void backend.close().then(() => process.exit(0));
});

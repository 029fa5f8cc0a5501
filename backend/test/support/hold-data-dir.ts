/**
 * A separate process that holds a data folder, for the lock tests: `lock DIR [PLATFORM]` takes
 * only the lock (cheap; PLATFORM picks the kind of socket), `backend DIR` starts a whole backend on it. Prints "held" once it holds it, then
 * waits to be signalled.
 */
import { lockDataDir } from '../../src/db/data-dir-lock.ts';
import { startBackend } from '../../src/server.ts';

const [mode, dataDir, platform] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: hold-data-dir.ts lock|backend DIR [PLATFORM]');

if (mode === 'backend') {
  await startBackend({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: null,
    logLevel: 'silent',
  });
} else {
  await lockDataDir(dataDir, (platform as NodeJS.Platform | undefined) ?? process.platform);
}
process.stdout.write('held\n');
// The lock's socket is unref'd; this keeps the process alive until it is signalled.
setInterval(() => undefined, 60_000);

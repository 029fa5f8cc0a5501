/**
 * PGlite does not lock its data folder: two processes on one folder silently lose writes
 * (docs/notes/pglite.md). The backend holds this lock for as long as it runs.
 *
 * Why a listening socket and not a lock file: a file's age cannot tell a dead process from a
 * slow one. The mtime lock this replaces blocked a restart for 15 s after a crash, and handed
 * the folder to a second process while the first was merely frozen (SIGSTOP, a long stall). A
 * bound socket is held by the kernel: it goes away the instant its process dies, however it
 * dies, and stays for as long as the process exists, stopped or not.
 *
 * - Linux: a socket in the abstract namespace, named after the folder's device and inode (so
 *   every path to the folder, symlinks included, names one lock). Binding it is atomic and it
 *   leaves no file behind, so there is never anything stale to remove.
 * - Windows: a named pipe with the same name; the kernel owns it the same way.
 * - Elsewhere (macOS, BSD): a socket file, `DATA_DIR/backend.sock`. A dead holder leaves the
 *   file, but nobody accepts on it (ECONNREFUSED), so it is removed and taken over; a living one,
 *   stopped or not, still has it bound and never is. Two processes taking over the same stale
 *   file at the same instant could both succeed; that needs a crash and two simultaneous
 *   restarts.
 *
 * Whoever holds the lock answers a connection with its process id, which goes into the error
 * message of the process that was refused.
 */
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number | null = null,
  ) {
    super(
      `The data folder ${dataDir} is in use by another TaskFlow backend` +
        (holderPid ? ` (process ${holderPid})` : '') +
        '. Stop that process, or set DATA_DIR to another folder.',
    );
    this.name = 'DataDirInUseError';
  }
}

/** How long to wait for the holder's process id; a stopped holder never sends it. */
const HOLDER_REPLY_MS = 500;

type Endpoint = { address: string; isFile: boolean };

const endpointFor = async (dataDir: string, platform = process.platform): Promise<Endpoint> => {
  if (platform === 'linux' || platform === 'win32') {
    const { dev, ino } = await fs.stat(dataDir, { bigint: true });
    const name = `taskflow-backend-${dev}-${ino}`;
    return { address: platform === 'linux' ? `\0${name}` : `\\\\.\\pipe\\${name}`, isFile: false };
  }
  return { address: path.join(dataDir, 'backend.sock'), isFile: true };
};

const listen = (server: net.Server, address: string) =>
  new Promise<void>((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(address, () => {
      server.off('error', onError);
      resolve();
    });
  });

/** Asks the holder who it is: its pid, null if it is alive but silent, 'gone' if nobody listens. */
const askHolder = (address: string) =>
  new Promise<number | null | 'gone'>((resolve) => {
    let reply = '';
    const socket = net.connect(address);
    const done = (answer: number | null | 'gone') => {
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    const timer = setTimeout(() => done(null), HOLDER_REPLY_MS);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (reply += chunk));
    socket.on('end', () => done(Number.parseInt(reply, 10) || null));
    socket.on('error', (error: NodeJS.ErrnoException) =>
      done(error.code === 'ECONNREFUSED' || error.code === 'ENOENT' ? 'gone' : null),
    );
  });

/**
 * Locks `dataDir` (creating it); resolves to the release function. `platform` chooses the kind
 * of socket, so that tests on Linux also exercise the socket file other systems use.
 */
export const lockDataDir = async (
  dataDir: string,
  platform: NodeJS.Platform = process.platform,
): Promise<() => Promise<void>> => {
  await fs.mkdir(dataDir, { recursive: true });
  const { address, isFile } = await endpointFor(dataDir, platform);
  const server = net.createServer((socket) => {
    socket.on('error', () => undefined);
    socket.end(String(process.pid));
  });
  // The lock must not keep a process alive that has nothing else left to do.
  server.unref();

  for (let attempt = 0; ; attempt += 1) {
    try {
      await listen(server, address);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      const holder = await askHolder(address);
      if (holder !== 'gone' || !isFile || attempt > 0)
        throw new DataDirInUseError(dataDir, holder === 'gone' ? null : holder);
      // The socket file of a process that died: nobody accepts on it any more.
      await fs.rm(address, { force: true });
    }
  }

  let released = false;
  return async () => {
    if (released) return;
    released = true;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
};

// The backend as its own process (`backend/src/main.ts`, as `npm run backend` starts it), so a
// journey can kill it hard and start it again on the same data folder and port, as an operator
// would after a crash. The folder's lock is a socket the kernel frees with the dead process, so
// the restart needs no wait.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const mainScript = fileURLToPath(new URL('../../backend/src/main.ts', import.meta.url));

export interface BackendProcess {
  url: string;
  anonKey: string;
  /** SIGKILL: no shutdown code runs, open sockets are reset by the kernel. */
  kill(): Promise<void>;
  /** Starts again on the same folder and port; resolves when it is ready. */
  restart(): Promise<void>;
  /** SIGTERM, the orderly end. */
  close(): Promise<void>;
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

/** Starts `main.ts` and waits for its ready line. */
const launch = (dataDir: string, port: number) =>
  new Promise<{ child: ChildProcess; url: string; anonKey: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', mainScript], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /ready on (http:\/\/\S+) .*anon key: (\S+)/.exec(output);
      if (ready) resolve({ child, url: ready[1]!, anonKey: ready[2]! });
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    child.once('exit', (code, signal) =>
      reject(new Error(`backend exited before it was ready (${code ?? signal}):\n${output}`)),
    );
  });

export const startBackendProcess = async (dataDir: string): Promise<BackendProcess> => {
  const first = await launch(dataDir, 0);
  const { url, anonKey } = first;
  const port = Number(new URL(url).port);
  let { child } = first;
  return {
    url,
    anonKey,
    kill: async () => {
      child.kill('SIGKILL');
      await exited(child);
    },
    restart: async () => {
      ({ child } = await launch(dataDir, port));
    },
    close: async () => {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
};

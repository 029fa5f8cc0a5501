/**
 * The data-folder lock is held by the kernel (a bound socket), so it follows the process's
 * life exactly: a killed backend's folder is free at once, a frozen one's never.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from '../src/db/data-dir-lock.ts';
import { startBackend } from '../src/server.ts';
import { createScratchDatabase, pgliteDataDir, testDatabase } from './support/backend.ts';

const holderScript = fileURLToPath(new URL('./support/hold-data-dir.ts', import.meta.url));

const children: ChildProcess[] = [];
const folders: string[] = [];

/** Starts a process that holds `dataDir`; resolves once it does. */
const holdInChild = (mode: 'lock' | 'backend', dataDir: string, platform = process.platform) =>
  new Promise<ChildProcess>((resolve, reject) => {
    const args = ['--import', 'tsx', holderScript, mode, dataDir, platform];
    const child = spawn(process.execPath, args, {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (chunk.includes('held')) resolve(child);
    });
    child.on('exit', (code, signal) => reject(new Error(`holder exited: ${code ?? signal}`)));
  });

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

afterEach(async () => {
  for (const child of children.splice(0)) {
    child.kill('SIGCONT');
    child.kill('SIGKILL');
    await exited(child);
  }
  for (const dir of folders.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

const tempDir = async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'taskflow-lock-'));
  folders.push(dir);
  return dir;
};

// Defined only in the PGlite project: a PostgreSQL server has no data folder to lock.
if (testDatabase === 'pglite')
  describe('the data-folder lock', () => {
    it('refuses a folder held by a living process, naming it', async () => {
      const dataDir = await tempDir();
      const holder = await holdInChild('lock', dataDir);
      const refusal = await lockDataDir(dataDir).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(DataDirInUseError);
      expect((refusal as DataDirInUseError).message).toContain(`(process ${holder.pid})`);
    });

    it('takes over the folder of a SIGKILLed backend at once, with its data', async () => {
      const dataDir = await pgliteDataDir('taskflow-lock-');
      folders.push(dataDir);
      const crashed = await holdInChild('backend', dataDir);
      crashed.kill('SIGKILL');
      await exited(crashed);

      const started = performance.now();
      const next = await startBackend({
        port: 0,
        host: '127.0.0.1',
        dataDir,
        databaseUrl: null,
        logLevel: 'silent',
      });
      const took = performance.now() - started;
      try {
        const migrated = await next.ctx.db.query('select 1 from taskflow_local.migrations');
        expect(migrated.rowCount).toBeGreaterThan(0);
      } finally {
        await next.close();
      }
      // The old lock waited 15 s for a dead holder; now only the start itself counts.
      expect(took).toBeLessThan(10_000);
    });

    it(
      'never takes over the folder of a stopped (SIGSTOP) process',
      { timeout: 40_000 },
      async () => {
        const dataDir = await tempDir();
        const frozen = await holdInChild('lock', dataDir);
        frozen.kill('SIGSTOP');
        // 16 s: the mtime lock this replaced gave a silent holder's folder away after 10-15 s.
        const until = performance.now() + 16_000;
        do {
          await expect(lockDataDir(dataDir)).rejects.toBeInstanceOf(DataDirInUseError);
          await new Promise((resolve) => setTimeout(resolve, 2_000));
        } while (performance.now() < until);
        await expect(lockDataDir(dataDir)).rejects.toBeInstanceOf(DataDirInUseError);
        frozen.kill('SIGCONT');
        frozen.kill('SIGTERM');
        await exited(frozen);
        const release = await lockDataDir(dataDir);
        await release();
      },
    );

    // macOS and the BSDs have no abstract sockets: there the lock is DATA_DIR/backend.sock.
    it('with a socket file, as on macOS: takes over a dead holder, never a stopped one', async () => {
      const dataDir = await tempDir();
      const socketFile = path.join(dataDir, 'backend.sock');
      const crashed = await holdInChild('lock', dataDir, 'darwin');
      crashed.kill('SIGKILL');
      await exited(crashed);
      await expect(fs.stat(socketFile)).resolves.toBeTruthy(); // left behind by the dead process

      const frozen = await holdInChild('lock', dataDir, 'darwin');
      frozen.kill('SIGSTOP');
      await expect(lockDataDir(dataDir, 'darwin')).rejects.toBeInstanceOf(DataDirInUseError);
      frozen.kill('SIGCONT');
      frozen.kill('SIGTERM');
      await exited(frozen);

      const release = await lockDataDir(dataDir, 'darwin');
      await release();
      await expect(fs.stat(socketFile)).rejects.toThrow(); // a clean release removes it
    });

    it('is free again after release, in the same process', async () => {
      const dataDir = await tempDir();
      const release = await lockDataDir(dataDir);
      await expect(lockDataDir(dataDir)).rejects.toBeInstanceOf(DataDirInUseError);
      await release();
      const again = await lockDataDir(dataDir);
      await again();
    });
  });

if (testDatabase === 'postgres')
  describe('the data-folder lock with DATABASE_URL', () => {
    it('is not taken: a PostgreSQL server is shared by design', async () => {
      const dataDir = await tempDir();
      const scratch = await createScratchDatabase();
      const backend = await startBackend({
        port: 0,
        host: '127.0.0.1',
        dataDir,
        databaseUrl: scratch.url,
        logLevel: 'silent',
      });
      try {
        const release = await lockDataDir(dataDir);
        await release();
      } finally {
        await backend.close();
        await scratch.drop();
      }
    });
  });

/**
 * `npm run bench:storage`: uploads and downloads 1 MB and 100 MB through storage-js against the
 * local backend (its own process, PGlite in a temporary folder, on loopback), beside a plain
 * file copy of the same size on the same disk, and prints MB/s and the ratio.
 *
 *   npm run bench:storage
 *   node --import tsx bench/storage.ts [--runs 3] [--small-mb 1] [--large-mb 100]
 *
 * Upload: `upload(path, Buffer, {upsert: true})`, the raw-body encoding storage-js uses for a
 * Buffer (the bytes go to a temporary file, are fsynced and renamed into place, and the row is
 * written in a transaction). Download: `download(path)` read to the end. Both as the service
 * role (no policy to evaluate), each the median of `runs` after one warm-up. The copy is
 * `fs.copyFile` plus fsync of the copy, so both sides pay for durability.
 *
 * On a machine shared with other work the wall-clock rates swing with the load (printed with
 * them), so the backend's own CPU time per MB (Linux: /proc/<pid>/stat) is printed too: it is
 * what the server spends on the bytes whatever else runs.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { createJwtService } from '../backend/src/auth/jwt.ts';
import { DEFAULT_JWT_SECRET } from '../backend/src/config.ts';
import { numberArgs } from './support/bench-args.ts';

const {
  runs: RUNS,
  'small-mb': SMALL_MB,
  'large-mb': LARGE_MB,
} = numberArgs({
  runs: 3,
  'small-mb': 1,
  'large-mb': 100,
});
const MB = 1024 * 1024;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

const timed = async (fn: () => Promise<unknown>) => {
  const start = performance.now();
  await fn();
  return (performance.now() - start) / 1000;
};

/** Wall seconds of `fn`, and the CPU seconds `cpu` (the backend's) grew meanwhile. */
const timedWithCpu = async (fn: () => Promise<unknown>, cpu: () => Promise<number>) => {
  const before = await cpu();
  const wall = await timed(fn);
  return { wall, cpu: (await cpu()) - before };
};

/** The backend as `npm run backend` runs it, in its own process; resolves once it is ready. */
const startBackend = async (dataDir: string) => {
  const main = fileURLToPath(new URL('../backend/src/main.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      STORAGE_FILE_SIZE_LIMIT: String((LARGE_MB + 1) * MB),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      output += chunk;
      const match = /ready on (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the backend exited (${code}):\n${output}`)));
  });
  return {
    url,
    /** The backend process's CPU seconds so far (user + system); NaN where /proc is missing. */
    cpuSeconds: async () => {
      try {
        const stat = await fs.readFile(`/proc/${child.pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        // utime and stime are fields 14 and 15 of the line, in clock ticks (100 per second).
        return (Number(fields[11]) + Number(fields[12])) / 100;
      } catch {
        return Number.NaN;
      }
    },
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
};

const copyWithFsync = async (from: string, to: string) => {
  await fs.copyFile(from, to);
  const handle = await fs.open(to, 'r+');
  await handle.sync();
  await handle.close();
};

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'taskflow-bench-storage-'));
const backend = await startBackend(dataDir);
try {
  const { serviceRoleKey } = await createJwtService(process.env.JWT_SECRET || DEFAULT_JWT_SECRET);
  const client = createClient(backend.url, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  const created = await client.storage.createBucket('bench', { public: false });
  if (created.error) throw created.error;
  const files = client.storage.from('bench');

  const rows: string[][] = [];
  for (const sizeMb of [SMALL_MB, LARGE_MB]) {
    const body = randomBytes(sizeMb * MB);
    const source = path.join(dataDir, `copy-source-${sizeMb}`);
    await fs.writeFile(source, body);
    const upload = async () => {
      const { error } = await files.upload(`bench/${sizeMb}.bin`, body, {
        upsert: true,
        contentType: 'application/octet-stream',
      });
      if (error) throw error;
    };
    const download = async () => {
      const { data, error } = await files.download(`bench/${sizeMb}.bin`);
      if (error) throw error;
      if ((await data.arrayBuffer()).byteLength !== body.length) throw new Error('short download');
    };
    const copy = () => copyWithFsync(source, path.join(dataDir, `copy-target-${sizeMb}`));
    await upload();
    await download();
    await copy();
    const up: number[] = [];
    const down: number[] = [];
    const copies: number[] = [];
    const upCpu: number[] = [];
    const downCpu: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const u = await timedWithCpu(upload, backend.cpuSeconds);
      up.push(u.wall);
      upCpu.push(u.cpu);
      const d = await timedWithCpu(download, backend.cpuSeconds);
      down.push(d.wall);
      downCpu.push(d.cpu);
      copies.push(await timed(copy));
    }
    const rate = (seconds: number) => sizeMb / seconds;
    const perMb = (seconds: number) => `${((seconds * 1000) / sizeMb).toFixed(1)}`;
    const [u, d, c] = [rate(median(up)), rate(median(down)), rate(median(copies))];
    rows.push([
      `${sizeMb} MB`,
      `${u.toFixed(0)} MB/s`,
      `${d.toFixed(0)} MB/s`,
      `${c.toFixed(0)} MB/s`,
      `${(u / c).toFixed(2)} / ${(d / c).toFixed(2)}`,
      `${perMb(median(upCpu))} / ${perMb(median(downCpu))}`,
    ]);
  }
  const header = [
    'size',
    'upload (storage-js)',
    'download (storage-js)',
    'file copy',
    'up / down vs copy',
    'backend CPU ms/MB up / down',
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join('  ');
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
  console.log(
    `Storage API on PGlite, ${os.cpus().length} cores (load average ${load}), median of ${RUNS} runs`,
  );
  console.log(line(header));
  for (const row of rows) console.log(line(row));
} finally {
  await backend.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
}

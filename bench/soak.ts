/**
 * `npm run soak`: 50 members edit one board for 5 minutes through supabase-js, each with its own
 * realtime subscription, against a backend in its own process on loopback (PGlite in a temporary
 * folder, or a scratch database on a PostgreSQL server). Prints the report (bench/soak-harness.ts says what
 * it checks) and exits non-zero when anything was lost, duplicated or refused.
 *
 *   npm run soak
 *   npm run soak -- --members 20 --duration 60 --interval-ms 2000
 *   npm run soak -- --database-url postgres://postgres@127.0.0.1:5432/postgres
 *   env: SOAK_MEMBERS, SOAK_DURATION_S, SOAK_INTERVAL_MS, SOAK_MAX_WRITES, SOAK_DATABASE_URL
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { formatSoakReport, runSoak, type SoakTarget } from './soak-harness.ts';

const { values: args } = parseArgs({
  options: {
    members: { type: 'string', default: process.env.SOAK_MEMBERS ?? '50' },
    duration: { type: 'string', default: process.env.SOAK_DURATION_S ?? '300' },
    'interval-ms': { type: 'string', default: process.env.SOAK_INTERVAL_MS ?? '6000' },
    'max-writes': { type: 'string', default: process.env.SOAK_MAX_WRITES ?? '20000' },
    'database-url': { type: 'string', default: process.env.SOAK_DATABASE_URL },
  },
});

const whole = (name: string, value: string | undefined, max: number) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max) {
    console.error(`--${name} must be a whole number from 1 to ${max}, got "${value}"`);
    process.exit(2);
  }
  return n;
};
const members = whole('members', args.members, 500);
const durationS = whole('duration', args.duration, 3600);
const intervalMs = whole('interval-ms', args['interval-ms'], 600_000);
const maxWrites = whole('max-writes', args['max-writes'], 1_000_000);

/** Starts bench/soak-backend.ts in its own process; resolves once it listens. */
const startBackendProcess = (env: Record<string, string>) =>
  new Promise<{ target: SoakTarget; child: ChildProcess }>((resolve, reject) => {
    const script = fileURLToPath(new URL('./soak-backend.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      output += chunk;
      if (output.includes('\n')) resolve({ target: JSON.parse(output) as SoakTarget, child });
    });
    child.on('exit', (code) => reject(new Error(`the soak backend exited (${code})`)));
  });

let cleanup: () => Promise<void>;
let database: string;
let backendEnv: Record<string, string>;
if (args['database-url']) {
  const name = `taskflow_soak_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: args['database-url'] });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(args['database-url']);
  url.pathname = `/${name}`;
  backendEnv = { SOAK_BACKEND_DATABASE_URL: url.toString() };
  database = 'PostgreSQL (scratch database)';
  cleanup = async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
} else {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'taskflow-soak-'));
  backendEnv = { SOAK_DATA_DIR: dataDir };
  database = 'PGlite (temporary folder)';
  cleanup = () => fs.rm(dataDir, { recursive: true, force: true });
}
const { target, child } = await startBackendProcess(backendEnv);
const stopBackend = () =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

let ok: boolean;
try {
  const report = await runSoak(target, {
    members,
    durationMs: durationS * 1000,
    intervalMs,
    maxWrites,
    log: (line) => console.log(`[soak] ${line}`),
  });
  console.log(`\n${['npm run soak --', ...process.argv.slice(2)].join(' ')}`);
  console.log(
    `${database}; Node ${process.version}, ${os.cpus().length} cores; each member writes every ` +
      `${intervalMs / 2}–${(intervalMs * 3) / 2} ms (max ${maxWrites} writes in all)\n`,
  );
  console.log(formatSoakReport(report));
  ok =
    report.errors.length === 0 &&
    report.databaseMismatches.length === 0 &&
    report.missing === 0 &&
    report.duplicates === 0 &&
    report.unexpected === 0;
  console.log(ok ? '\nSOAK PASSED' : '\nSOAK FAILED');
} finally {
  await stopBackend();
  await cleanup();
}
process.exit(ok ? 0 : 1);

/**
 * One board change fanned out to many subscribed members: Broadcast from the database (the
 * board's private topic `board:<id>`, authorised once per join) against `postgres_changes`
 * (a board_id-filtered binding, checked against RLS per subscriber per change), side by side.
 * For 50, 200 and 500 subscribers (each a different member on their own socket, in a separate
 * process), one member renames a card through supabase-js REST, then waits until every
 * subscriber has it. Delivery time: from just before the write to each socket's arrival (every
 * subscriber counted). Backend CPU per change: process.cpuUsage() of this process, which runs
 * the backend and the writer (the write's own REST handling included) but no subscriber.
 *
 *   npm run bench:broadcast     PostgreSQL at TEST_DATABASE_URL / BENCH_DATABASE_URL (else PGlite)
 *   npx tsx bench/broadcast-fanout.ts --database-url postgres://… [--pglite: PGlite as well]
 *   options: --changes N (default 30), --subscribers 50,200,500
 */
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { RunningBackend } from '../backend/src/server.ts';
import { startScratchBackend } from '../e2e/support/environment.ts';
import { PASSWORD, clientFor, must, mustRow } from './support/bench-users.ts';

const WARMUP_CHANGES = 5;

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    pglite: { type: 'boolean', default: false },
    changes: { type: 'string', default: '30' },
    subscribers: { type: 'string', default: '50,200,500' },
  },
});
const changes = Number(args.changes);
const counts = String(args.subscribers).split(',').map(Number);
const databaseUrl =
  args['database-url'] ?? process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

type Mode = 'broadcast' | 'postgres_changes';
type Row = Record<string, unknown>;

interface Result {
  database: string;
  subscribers: number;
  mode: Mode;
  samples: number;
  p50: number;
  p95: number;
  max: number;
  cpuMs: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/** `count` members of `boardId`, written straight into the database, and their access tokens. */
const addMembers = async (backend: RunningBackend, boardId: string, count: number) => {
  const ids = Array.from({ length: count }, () => randomUUID());
  await backend.ctx.db.query(
    `insert into auth.users (id, email, raw_user_meta_data)
     select id, 'fanout-' || id || '@example.test', '{"full_name": "Bench"}'::jsonb
     from unnest($1::uuid[]) as id`,
    [ids],
  );
  await backend.ctx.db.query(
    `insert into public.board_members (board_id, user_id) select $1, unnest($2::uuid[])`,
    [boardId, ids],
  );
  return Promise.all(
    ids.map((sub) =>
      backend.ctx.jwt.sign(
        { sub, role: 'authenticated', aud: 'authenticated', email: `fanout-${sub}@example.test` },
        3600,
      ),
    ),
  );
};

interface Subscribers {
  arrived(title: string): Promise<number[]>;
  stop(): Promise<void>;
}

const startSubscribers = async (
  backend: RunningBackend,
  boardId: string,
  mode: Mode,
  tokens: string[],
): Promise<Subscribers> => {
  const child = fork(fileURLToPath(new URL('./support/fanout-subscribers.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    stdio: ['pipe', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<string, (at: number[]) => void>();
  const early = new Map<string, number[]>();
  const ready = new Promise<void>((resolve, reject) => {
    child.on('message', (message: { kind: string; title?: string; at?: number[] }) => {
      if (message.kind === 'ready') resolve();
      if (message.kind !== 'arrived') return;
      const done = waiting.get(message.title!);
      if (done) done(message.at!);
      else early.set(message.title!, message.at!);
    });
    child.once('exit', (code) => reject(new Error(`subscribers exited (${code})`)));
  });
  child.stdin!.end(
    JSON.stringify({ url: backend.url, anonKey: backend.anonKey, boardId, mode, tokens }),
  );
  await ready;
  return {
    arrived: (title) =>
      early.has(title)
        ? Promise.resolve(early.get(title)!)
        : new Promise((resolve, reject) => {
            const timer = setTimeout(
              () => reject(new Error(`${mode}: ${title} did not reach every subscriber`)),
              30_000,
            );
            waiting.set(title, (at) => {
              clearTimeout(timer);
              resolve(at);
            });
          }),
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ kind: 'stop' });
      await exited;
    },
  };
};

const measure = async (database: string, backend: RunningBackend): Promise<Result[]> => {
  const writer = clientFor(backend);
  const email = `fanout-writer-${randomUUID().slice(0, 8)}@example.test`;
  must(await writer.auth.signUp({ email, password: PASSWORD }));
  must(await writer.auth.signInWithPassword({ email, password: PASSWORD }));
  const results: Result[] = [];
  for (const count of counts) {
    // A board per size, so each topic's subscribers are exactly `count` members.
    const board = mustRow(
      await writer
        .from('boards')
        .insert({ title: `Fan-out ${count}` })
        .select()
        .single(),
    ) as Row;
    const boardId = String(board.id);
    const list = mustRow(
      await writer.from('lists').insert({ board_id: boardId, title: 'Offen' }).select().single(),
    ) as Row;
    const card = mustRow(
      await writer.from('cards').insert({ list_id: list.id, title: 'start' }).select().single(),
    ) as Row;
    const tokens = await addMembers(backend, boardId, count);
    for (const mode of ['broadcast', 'postgres_changes'] as const) {
      const subscribers = await startSubscribers(backend, boardId, mode, tokens);
      const latencies: number[] = [];
      let cpuMicros = 0;
      for (let i = 0; i < WARMUP_CHANGES + changes; i++) {
        const title = `${mode}-${count}-${i}`;
        const arrived = subscribers.arrived(title);
        const cpu = process.cpuUsage();
        const started = performance.timeOrigin + performance.now();
        must(await writer.from('cards').update({ title }).eq('id', card.id));
        const at = await arrived;
        const used = process.cpuUsage(cpu);
        if (i < WARMUP_CHANGES) continue;
        cpuMicros += used.user + used.system;
        for (const t of at) latencies.push(t - started);
      }
      await subscribers.stop();
      latencies.sort((a, b) => a - b);
      results.push({
        database,
        subscribers: count,
        mode,
        samples: latencies.length,
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        max: latencies.at(-1) ?? NaN,
        cpuMs: cpuMicros / 1000 / changes,
      });
      console.error(`${database} ${mode} ${count}: done`);
    }
  }
  return results;
};

const onPostgres = async (serverUrl: string): Promise<Result[]> => {
  const name = `taskflow_bench_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const backend = await startScratchBackend({
    databaseUrl: url.toString(),
    realtimeMaxJoinsPerSecond: 0,
  });
  try {
    return await measure('PostgreSQL 15', backend);
  } finally {
    await backend.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
};

const onPglite = async (): Promise<Result[]> => {
  const backend = await startScratchBackend({ realtimeMaxJoinsPerSecond: 0 });
  try {
    return await measure('PGlite', backend);
  } finally {
    await backend.close();
  }
};

const results = [
  ...(databaseUrl ? await onPostgres(databaseUrl) : []),
  // Without a PostgreSQL server the bench still runs, on PGlite (one process, serial).
  ...(args.pglite || !databaseUrl ? await onPglite() : []),
];

const ms = (value: number) => value.toFixed(1);
console.log(`\nnpx tsx bench/broadcast-fanout.ts ${process.argv.slice(2).join(' ')}`.trimEnd());
console.log(
  `Node ${process.version}, ${os.cpus().length} cores; ${changes} card renames after ${WARMUP_CHANGES} warm-up,` +
    ' each awaited at every subscriber; subscribers in their own process, one socket each;' +
    ' CPU = backend process (with the writer) per change.\n',
);
console.log(
  '| database | subscribers | broadcast p50 ms | broadcast p95 ms | broadcast CPU ms/change | postgres_changes p50 ms | postgres_changes p95 ms | postgres_changes CPU ms/change |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
for (const r of results.filter((x) => x.mode === 'broadcast')) {
  const other = results.find(
    (x) =>
      x.mode === 'postgres_changes' && x.database === r.database && x.subscribers === r.subscribers,
  )!;
  console.log(
    `| ${r.database} | ${r.subscribers} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.cpuMs)} | ${ms(other.p50)} | ${ms(other.p95)} | ${ms(other.cpuMs)} |`,
  );
}
process.exit(0);

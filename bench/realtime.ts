/**
 * Realtime write-to-delivery latency: from just before one client's write (supabase-js
 * insert or update over REST) to each subscribed client's postgres_changes callback, for 1, 10
 * and 50 subscribers, each a different member of the board (so each needs its own RLS check).
 * Every write waits until all subscribers have it, so the figures are latency, not queueing.
 *
 *   npx tsx bench/realtime.ts                      PGlite in a temporary folder
 *   npx tsx bench/realtime.ts --database-url URL   also PostgreSQL (a scratch database on URL)
 *   options: --writes N (default 100), --subscribers 1,10,50
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import type { RunningBackend } from '../backend/src/server.ts';
import { startScratchBackend } from '../e2e/support/environment.ts';
import { must } from './support/bench-users.ts';

const WARMUP_WRITES = 10;

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    writes: { type: 'string', default: '100' },
    subscribers: { type: 'string', default: '1,10,50' },
  },
});
const writes = Number(args.writes);
const subscriberCounts = String(args.subscribers).split(',').map(Number);
const databaseUrl = args['database-url'] ?? process.env.BENCH_DATABASE_URL;

type Row = Record<string, unknown>;

const clientFor = (url: string, key: string): SupabaseClient =>
  createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });

const signUp = async (backend: RunningBackend, n: number) => {
  const client = clientFor(backend.url, backend.anonKey);
  const email = `bench-${n}-${randomUUID().slice(0, 8)}@example.test`;
  must(await client.auth.signUp({ email, password: 'geheim123' }));
  const { session, user } = must(
    await client.auth.signInWithPassword({ email, password: 'geheim123' }),
  );
  if (!session || !user) throw new Error(`${email} was not signed in.`);
  return { client, id: user.id, session };
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

interface Result {
  database: string;
  subscribers: number;
  samples: number;
  /** The write call alone (REST round trip), for comparison. */
  writeP50: number;
  p50: number;
  p95: number;
  max: number;
}

/** One database: a board with up to max(subscriberCounts) members, measured per count. */
const measure = async (database: string, backend: RunningBackend): Promise<Result[]> => {
  const most = Math.max(...subscriberCounts);
  const writer = await signUp(backend, 0);
  const members = [];
  for (let i = 1; i <= most; i++) members.push(await signUp(backend, i));

  const board = must(
    await writer.client.from('boards').insert({ title: 'Bench' }).select().single(),
  ) as Row;
  must(
    await writer.client
      .from('board_members')
      .insert(members.map((m) => ({ board_id: board.id, user_id: m.id }))),
  );
  const list = must(
    await writer.client
      .from('lists')
      .insert({ board_id: board.id, title: 'Offen' })
      .select()
      .single(),
  ) as Row;

  const results: Result[] = [];
  for (const count of subscriberCounts) {
    const arrivals = new Map<string, number[]>();
    const subscribers = [];
    for (const member of members.slice(0, count)) {
      // A fresh socket per subscriber, signed in by handing over the member's session.
      const client = clientFor(backend.url, backend.anonKey);
      must(await client.auth.setSession(member.session));
      const channel = client.channel(`bench-${randomUUID()}`).on(
        'postgres_changes',
        {
          event: '*',
          schema: 'public',
          table: 'cards',
          filter: `board_id=eq.${String(board.id)}`,
        },
        (payload) => {
          const tag = String((payload.new as Row).title);
          const list = arrivals.get(tag) ?? [];
          list.push(performance.now());
          arrivals.set(tag, list);
        },
      );
      subscribers.push({ client, channel });
    }
    await Promise.all(
      subscribers.map(
        ({ channel }) =>
          new Promise<void>((resolve, reject) =>
            channel.subscribe((status, error) =>
              status === 'SUBSCRIBED'
                ? resolve()
                : status === 'CHANNEL_ERROR'
                  ? reject(error)
                  : undefined,
            ),
          ),
      ),
    );

    const latencies: number[] = [];
    const writeTimes: number[] = [];
    let cardId: unknown = null;
    for (let i = 0; i < WARMUP_WRITES + writes; i++) {
      const tag = `${count}-${i}`;
      const started = performance.now();
      // Alternate inserts and updates: both paths (new row, changed row) are measured.
      if (cardId === null || i % 2 === 0) {
        const card = must(
          await writer.client
            .from('cards')
            .insert({ list_id: list.id, title: tag })
            .select('id')
            .single(),
        ) as Row;
        cardId = card.id;
      } else {
        must(await writer.client.from('cards').update({ title: tag }).eq('id', cardId));
      }
      if (i >= WARMUP_WRITES) writeTimes.push(performance.now() - started);
      const deadline = performance.now() + 30_000;
      while ((arrivals.get(tag)?.length ?? 0) < count) {
        if (performance.now() > deadline) {
          throw new Error(
            `${database}: write ${tag} reached ${arrivals.get(tag)?.length ?? 0} of ${count}`,
          );
        }
        await new Promise((r) => setTimeout(r, 1));
      }
      if (i >= WARMUP_WRITES) for (const at of arrivals.get(tag)!) latencies.push(at - started);
    }

    await Promise.all(subscribers.map(({ client }) => client.removeAllChannels()));
    latencies.sort((a, b) => a - b);
    writeTimes.sort((a, b) => a - b);
    results.push({
      database,
      subscribers: count,
      samples: latencies.length,
      writeP50: percentile(writeTimes, 50),
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      max: latencies.at(-1) ?? NaN,
    });
  }
  await writer.client.removeAllChannels();
  return results;
};

const onPglite = async (): Promise<Result[]> => {
  const backend = await startScratchBackend();
  try {
    return await measure('PGlite (temp folder)', backend);
  } finally {
    await backend.close();
  }
};

const onPostgres = async (serverUrl: string): Promise<Result[]> => {
  const name = `taskflow_bench_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const backend = await startScratchBackend({ databaseUrl: url.toString() });
  try {
    return await measure('PostgreSQL (scratch database)', backend);
  } finally {
    await backend.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
};

const results = [...(await onPglite()), ...(databaseUrl ? await onPostgres(databaseUrl) : [])];

const command = ['npx tsx bench/realtime.ts', ...process.argv.slice(2)].join(' ');
const ms = (value: number) => value.toFixed(1);
console.log(`\n${command}`);
console.log(
  `Node ${process.version}, ${os.cpus().length} cores; ${writes} writes per row after ${WARMUP_WRITES} warm-up writes,` +
    ' alternating card insert and update (small rows) by one member through supabase-js REST;' +
    ' each subscriber is a different board member on its own socket, with a board_id filter;' +
    ' latency = write call start to the subscriber callback, every subscriber counted.\n',
);
console.log('| database | subscribers | samples | write p50 ms | p50 ms | p95 ms | max ms |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const r of results) {
  console.log(
    `| ${r.database} | ${r.subscribers} | ${r.samples} | ${ms(r.writeP50)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.max)} |`,
  );
}
process.exit(0);

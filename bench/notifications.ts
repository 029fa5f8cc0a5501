/**
 * A mention reaching the recipient's bell: one member comments '@[<other>] …' through
 * supabase-js REST; the trigger writes the notification and sends it to the other's private
 * topic `user:<id>` (event 'notification'), where a second supabase-js client listens as the
 * app's bell does (shared/src/kernel/backend/user-channel.ts). Time: from just before the
 * comment's request to the message's arrival, so the commit and its answer are inside it. Target
 * (docs: README "Notifications, watching and digests"): p95 within 1 s, on PGlite and on
 * PostgreSQL.
 *
 *   npm run bench:notifications     PGlite, and PostgreSQL at BENCH_DATABASE_URL / TEST_DATABASE_URL
 *   options: --mentions N (default 40)
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { RunningBackend } from '../backend/src/server.ts';
import { startScratchBackend } from '../e2e/support/environment.ts';
import { mustRow, signUp } from './support/bench-users.ts';

const { values: args } = parseArgs({ options: { mentions: { type: 'string', default: '40' } } });
const MENTIONS = Number(args.mentions);
const WARMUP = 3;
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

const measure = async (backend: RunningBackend) => {
  const author = await signUp(backend, 'Max Mustermann', 'author');
  const reader = await signUp(backend, 'Erika Muster', 'reader');
  const board = mustRow(
    await author.client.from('boards').insert({ title: 'Bench' }).select('id').single(),
  );
  const list = mustRow(
    await author.client
      .from('lists')
      .insert({ board_id: board.id, title: 'Zu erledigen', position: 1024 })
      .select('id')
      .single(),
  );
  const card = mustRow(
    await author.client
      .from('cards')
      .insert({ list_id: list.id, title: 'Startseite neu gestalten', position: 1024 })
      .select('id')
      .single(),
  );
  const invited = await author.client.rpc('invite_board_member', {
    p_board_id: board.id,
    p_email: reader.email,
  });
  if (invited.error) throw invited.error;
  // The reader accepts (an invitation needs the invitee's consent).
  const accepted = await reader.client.rpc('accept_board_invitation', { p_board_id: board.id });
  if (accepted.error) throw accepted.error;

  const arrivals = new Map<string, number>();
  const channel = reader.client.channel(`user:${reader.id}`, { config: { private: true } });
  channel.on('broadcast', { event: 'notification' }, ({ payload }) => {
    const commentId = (payload as { comment_id?: string }).comment_id;
    if (commentId) arrivals.set(commentId, performance.now());
  });
  await reader.client.realtime.setAuth();
  await new Promise<void>((resolve, reject) =>
    channel.subscribe((status, error) =>
      status === 'SUBSCRIBED' ? resolve() : status === 'CLOSED' ? undefined : reject(error),
    ),
  );

  const times: number[] = [];
  for (let i = 0; i < WARMUP + MENTIONS; i += 1) {
    const start = performance.now();
    const comment = mustRow(
      await author.client
        .from('card_comments')
        .insert({ card_id: card.id, text: `Bitte ansehen, @[${reader.id}] (${i})` })
        .select('id')
        .single(),
    );
    const deadline = start + 10_000;
    while (!arrivals.has(comment.id)) {
      if (performance.now() > deadline) throw new Error(`mention ${i} never reached the bell`);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    if (i >= WARMUP) times.push(arrivals.get(comment.id)! - start);
  }
  await reader.client.removeChannel(channel);
  return times.sort((a, b) => a - b);
};

const scratchPostgres = async (url: string) => {
  const name = `taskflow_bench_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return {
    url: parsed.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
};

const rows: string[] = [];
const run = async (database: string, overrides: Parameters<typeof startScratchBackend>[0]) => {
  const backend = await startScratchBackend({ ...overrides, notificationWorkerIntervalMs: 0 });
  try {
    const sorted = await measure(backend);
    const [p50, p95, max] = [percentile(sorted, 50), percentile(sorted, 95), sorted.at(-1)!];
    rows.push(
      `| ${database} | ${sorted.length} | ${p50.toFixed(0)} | ${p95.toFixed(0)} | ${max.toFixed(0)} | ${p95 <= 1000 ? 'yes' : 'NO'} |`,
    );
  } finally {
    await backend.close();
  }
};

await run('PGlite', {});
if (serverUrl) {
  const scratch = await scratchPostgres(serverUrl);
  try {
    await run('PostgreSQL', { databaseUrl: scratch.url, dataDir: null });
  } finally {
    await scratch.drop();
  }
}
console.log(
  `Mention → recipient's bell (ms from the comment's request to the message on user:<id>), ` +
    `${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}`,
);
console.log('| database | mentions | p50 | p95 | max | p95 ≤ 1 s |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const row of rows) console.log(row);
if (rows.some((row) => row.endsWith('NO |'))) process.exitCode = 1;

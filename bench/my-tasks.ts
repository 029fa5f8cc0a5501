/**
 * my_tasks() ('Meine Aufgaben') on a user with many boards: one RPC, whatever the
 * number of boards, cards and subtasks.
 *
 *   node --import tsx bench/my-tasks.ts                      (PGlite, in memory)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55440/postgres node --import tsx bench/my-tasks.ts
 *                                                            (PostgreSQL: a throwaway database)
 *
 * Data: the user is a member of 20 boards of 1,000 cards each (5 lists), 3 subtasks per card;
 * 2 % of the cards and 1 % of the subtasks are assigned to them, half of those with a due date.
 * 10 more boards of 1,000 cards they are not a member of, with the same share assigned to
 * someone else. Written as superuser in bulk; measured through the backend with supabase-js
 * (REST, row-level security on): the median of 11 calls after 2 warm-ups, and the server-side
 * time from EXPLAIN ANALYZE run as the user.
 */
import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { startBackend } from '../backend/src/server.ts';

const BOARDS = 20;
const FOREIGN_BOARDS = 10;
const CARDS_PER_BOARD = 1000;

const serverUrl = process.env.BENCH_DATABASE_URL ?? null;
let databaseUrl: string | null = null;
let drop = async () => {};
if (serverUrl) {
  const name = `taskflow_bench_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const parsed = new URL(serverUrl);
  parsed.pathname = `/${name}`;
  databaseUrl = parsed.toString();
  drop = async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
}

const backend = await startBackend({ port: 0, dataDir: null, databaseUrl, logLevel: 'silent' });
const sql = (text: string, params: unknown[] = []) => backend.ctx.db.query(text, params);

const signUp = async (name: string) => {
  const client = createClient(backend.url, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  const email = `${name}-${randomUUID().slice(0, 8)}@example.test`;
  await client.auth.signUp({ email, password: 'geheim123' });
  const { data, error } = await client.auth.signInWithPassword({ email, password: 'geheim123' });
  if (error) throw error;
  return { client, id: data.user.id };
};

try {
  const me = await signUp('me');
  const other = await signUp('other');

  const fill = async (owner: string, assignee: string, boards: number) => {
    await sql(
      `with b as (
         insert into public.boards (title, owner_id)
         select 'Board ' || g, $1::uuid from generate_series(1, $2::int) g returning id
       )
       insert into public.lists (board_id, title, position)
       select b.id, 'Liste ' || l, l * 1024 from b, generate_series(1, 5) l`,
      [owner, boards],
    );
    await sql(
      `insert into public.cards (list_id, title, position, priority, due_date)
       select l.id, 'Karte ' || g, g * 1024,
              (array['low','medium','high','urgent'])[1 + g % 4],
              case when g % 2 = 0 then current_date + (g % 30) - 10 end
       from public.lists l join public.boards b on b.id = l.board_id and b.owner_id = $1::uuid,
            generate_series(1, $2::int) g`,
      [owner, CARDS_PER_BOARD / 5],
    );
    await sql(
      `insert into public.card_checklist_items (card_id, text, position, completed, assigned_to, due_date)
       select c.id, 'Schritt ' || s, s * 1024, s = 1,
              case when (hashtext(c.id::text) + s) % 100 = 0 then $2::uuid end,
              case when s = 2 then c.due_date end
       from public.cards c join public.boards b on b.id = c.board_id and b.owner_id = $1::uuid,
            generate_series(1, 3) s`,
      [owner, assignee],
    );
    await sql(
      `insert into public.card_assignees (card_id, user_id)
       select c.id, $2::uuid from public.cards c
       join public.boards b on b.id = c.board_id and b.owner_id = $1::uuid
       where abs(hashtext(c.id::text)) % 50 = 0`,
      [owner, assignee],
    );
  };
  await fill(me.id, me.id, BOARDS);
  await fill(other.id, other.id, FOREIGN_BOARDS);
  await sql('analyze');

  const call = async () => {
    const started = performance.now();
    const { data, error } = await me.client.rpc('my_tasks');
    if (error) throw error;
    return { ms: performance.now() - started, rows: (data as unknown[]).length };
  };
  await call();
  await call();
  const runs = [];
  for (let i = 0; i < 11; i += 1) runs.push(await call());
  const times = runs.map((r) => r.ms).sort((a, b) => a - b);

  // Server-side: the same function, as the user, under row-level security.
  const plan = await backend.ctx.db.asRole({ sub: me.id, role: 'authenticated' }, async (tx) => {
    const rows = await tx.query<{ 'QUERY PLAN': string }>(
      'explain (analyze, format text) select * from public.my_tasks()',
    );
    return rows.rows.map((r) => r['QUERY PLAN']);
  });
  const executed = plan.find((line) => line.startsWith('Execution Time'));

  const cards = (await sql('select count(*)::int as n from public.cards')).rows[0] as { n: number };
  const items = (await sql('select count(*)::int as n from public.card_checklist_items'))
    .rows[0] as {
    n: number;
  };
  console.log(
    `my_tasks on ${serverUrl ? 'PostgreSQL' : 'PGlite'}: ${runs[0]?.rows} tasks of ${cards.n} cards / ${items.n} subtasks on ${BOARDS + FOREIGN_BOARDS} boards; ` +
      `supabase.rpc median ${times[5]?.toFixed(1)} ms (min ${times[0]?.toFixed(1)}, max ${times[10]?.toFixed(1)}); server ${executed ?? '?'}`,
  );
} finally {
  await backend.close();
  await drop();
}

/**
 * The activity panel's first page on a board with 100,000 history entries, side by
 * side with the board_snapshot RPC timed on the same board, before and after the history grew.
 *
 *   npm run bench:activity
 *   node --import tsx bench/activity.ts [--entries 100000] [--runs 21]
 *
 * Data: an owner and a member on two equal boards ("this board" and its "twin") with 5 lists
 * and 500 cards each (created through supabase-js, so the triggers write their entries), a
 * tenth of the cards assigned and commented; then this board's history is filled up to
 * `--entries` entries in SQL (kinds, card ids and times spread over a year), skipping the
 * realtime capture trigger, which would otherwise queue 100,000 change events. The twin keeps
 * the history of its creation only. PGlite in a temporary folder, as `npm start` runs.
 *
 * Measured, all through supabase-js as the member (REST, row-level security on), median of
 * `--runs` after 3 warm-ups, the queries taking turns so that the machine's load is shared:
 * - board_snapshot RPC on this board and on its twin (the same board without the history);
 * - the panel's first page: the board's newest 50 entries (shared/src/features/activity/activity-api.ts);
 * - an older page: the 50 entries after the middle of the history (keyset, as scrolling asks);
 * - a card's first page (its detail's history);
 * and the plan of the first page's query (EXPLAIN ANALYZE as the member).
 */
import os from 'node:os';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { RunningBackend } from '../backend/src/server.ts';
import { startScratchBackend } from '../e2e/support/environment.ts';
import { numberArgs } from './support/bench-args.ts';
import { median, must, signUp } from './support/bench-users.ts';

const { entries: ENTRIES, runs: RUNS } = numberArgs({ entries: 100000, runs: 21 });
const CARDS = 500;

/**
 * Medians of several queries run in turn (a, b, c, a, b, c, …), so that the load of a shared
 * machine falls on all of them alike.
 */
const timedTogether = async (runs: (() => Promise<unknown>)[]): Promise<number[]> => {
  for (let i = 0; i < 3; i += 1) for (const run of runs) await run();
  const times = runs.map(() => [] as number[]);
  for (let i = 0; i < RUNS; i += 1) {
    for (const [k, run] of runs.entries()) {
      const start = performance.now();
      await run();
      times[k]!.push(performance.now() - start);
    }
  }
  return times.map(median);
};

/** The app's page query (activity-api.ts), spelled the same way. */
const page = (
  client: SupabaseClient,
  column: 'board_id' | 'card_id',
  id: string,
  before?: { created_at: string; id: string },
) => {
  let query = client.from('activity').select('*').eq(column, id);
  if (before) {
    query = query
      .lte('created_at', before.created_at)
      .or(`created_at.lt.${before.created_at},id.lt.${before.id}`);
  }
  return query
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(50);
};

const makeBoard = async (
  owner: Awaited<ReturnType<typeof signUp>>,
  member: Awaited<ReturnType<typeof signUp>>,
) => {
  const board = must(
    await owner.client.from('boards').insert({ title: 'Verlauf-Bench' }).select('id').single(),
  ) as { id: string };
  // Invited, and accepted by the member (an invitation needs the invitee's consent).
  must(
    await owner.client.rpc('invite_board_member', { p_board_id: board.id, p_email: member.email }),
  );
  must(await member.client.rpc('accept_board_invitation', { p_board_id: board.id }));
  const lists = must(
    await owner.client
      .from('lists')
      .insert(
        ['Zu erledigen', 'In Arbeit', 'Prüfung', 'Erledigt', 'Archiv'].map((title, i) => ({
          board_id: board.id,
          title,
          position: (i + 1) * 1024,
        })),
      )
      .select('id'),
  ) as { id: string }[];
  const cards: { id: string }[] = [];
  for (let offset = 0; offset < CARDS; offset += 250) {
    const rows = Array.from({ length: 250 }, (_, i) => ({
      list_id: lists[(offset + i) % lists.length]!.id,
      title: `Aufgabe ${offset + i + 1}`,
      position: (offset + i + 1) * 1024,
    }));
    cards.push(...(must(await owner.client.from('cards').insert(rows).select('id')) as never[]));
  }
  const some = cards.filter((_, i) => i % 10 === 0);
  must(
    await owner.client
      .from('card_assignees')
      .insert(some.map((c) => ({ card_id: c.id, user_id: member.id }))),
  );
  must(
    await member.client
      .from('card_comments')
      .insert(some.map((c) => ({ card_id: c.id, text: 'Bitte prüfen' }))),
  );
  return { boardId: board.id, cardIds: cards.map((c) => c.id) };
};

/** Fills a board's history up to `total` entries, over the past year, in SQL. */
const fillHistory = async (
  backend: RunningBackend,
  boardId: string,
  actorId: string,
  total: number,
) => {
  await backend.ctx.db.transaction(async (tx) => {
    // Bulk data, not changes anyone watches: no realtime capture for these rows.
    await tx.query(`select set_config('session_replication_role', 'replica', true)`);
    await tx.query(
      `insert into public.activity (board_id, card_id, actor_id, kind, data, created_at)
       select $1, c.ids[1 + (i % array_length(c.ids, 1))], $2,
              (array['card_moved', 'card_renamed', 'card_priority', 'comment_added',
                     'subtask_changed'])[1 + i % 5],
              jsonb_build_object('card_title', 'Aufgabe ' || i, 'before_title', 'Zu erledigen',
                                 'after_title', 'In Arbeit', 'before', 'medium', 'after', 'high'),
              now() - make_interval(secs => (i * 311) % 31536000 + 60)
       from generate_series(1, greatest(0, $3 - (select count(*) from public.activity
                                                  where board_id = $1)::int)) i,
            (select array_agg(id) as ids from public.cards where board_id = $1) c`,
      [boardId, actorId, total],
    );
  });
  await backend.ctx.db.query('analyze public.activity');
};

const backend = await startScratchBackend();

try {
  const owner = await signUp(backend, 'Olga', 'olga');
  const member = await signUp(backend, 'Max', 'max');
  const { boardId, cardIds } = await makeBoard(owner, member);
  // The same board once more, whose history stays as its creation left it.
  const twin = await makeBoard(owner, member);
  const snapshotOf = (id: string) => async () =>
    must(await member.client.rpc('board_snapshot', { p_board_id: id }));

  const fillStart = performance.now();
  await fillHistory(backend, boardId, owner.id, ENTRIES);
  const fillMs = performance.now() - fillStart;
  const [counts] = (
    await backend.ctx.db.query<{ board: number; twin: number; total: number }>(
      `select count(*) filter (where board_id = $1)::int as board,
              count(*) filter (where board_id = $2)::int as twin,
              count(*)::int as total
       from public.activity`,
      [boardId, twin.boardId],
    )
  ).rows;
  const { board: onBoard, twin: onTwin, total } = counts!;

  const [middle] = (
    await backend.ctx.db.query<{ created_at: string; id: string }>(
      `select to_json(created_at)#>>'{}' as created_at, id from public.activity
       where board_id = $1 order by created_at desc, id desc offset $2 limit 1`,
      [boardId, Math.floor(onBoard / 2)],
    )
  ).rows;
  const [snapshotTwin, snapshotBig, firstPage, olderPage, cardPage] = await timedTogether([
    snapshotOf(twin.boardId),
    snapshotOf(boardId),
    async () => {
      const rows = must(await page(member.client, 'board_id', boardId)) ?? [];
      if (rows.length !== 50) throw new Error(`first page has ${rows.length} entries`);
    },
    async () => {
      const rows = must(await page(member.client, 'board_id', boardId, middle)) ?? [];
      if (rows.length !== 50) throw new Error(`older page has ${rows.length} entries`);
    },
    async () => must(await page(member.client, 'card_id', cardIds[0]!)),
  ]);
  const snapshotText = JSON.stringify(await snapshotOf(boardId)());

  const plan = await backend.ctx.db.asRole({ role: 'authenticated', sub: member.id }, async (tx) =>
    (
      await tx.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, costs off, timing off, summary off)
         select * from public.activity where board_id = $1
         order by created_at desc, id desc limit 50`,
        [boardId],
      )
    ).rows.map((r) => r['QUERY PLAN']),
  );
  if (!plan.some((line) => line.includes('Index Scan using activity_board_id_created_at_idx'))) {
    throw new Error(`the first page does not use the index:\n${plan.join('\n')}`);
  }
  if (snapshotText.includes('card_created')) {
    throw new Error('the board snapshot carries activity');
  }

  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
  console.log('\nActivity panel vs board snapshot (bench/activity.ts; `npm run bench:activity`)');
  console.log(
    `${os.cpus().length} cores, load average ${load} (1/5/15 min); PGlite in a temp folder; ` +
      `board of 5 lists and ${CARDS} cards; ${onBoard.toLocaleString('en')} entries on the board ` +
      `(${onTwin} on its twin, the same board without the bulk history), ` +
      `${total.toLocaleString('en')} in the table; ` +
      `filled in ${(fillMs / 1000).toFixed(1)} s; median of ${RUNS} via supabase-js as a member.\n`,
  );
  console.log('| query | median |');
  console.log('|---|---:|');
  console.log(`| board_snapshot RPC, twin board (${onTwin} entries) | ${ms(snapshotTwin!)} |`);
  console.log(
    `| board_snapshot RPC, this board (${onBoard.toLocaleString('en')} entries; ${Math.round(snapshotText.length / 1024)} KiB, no activity) | ${ms(snapshotBig!)} |`,
  );
  console.log(`| 'Aktivität' first page (50 newest of the board) | ${ms(firstPage!)} |`);
  console.log(
    `| older page (50 past entry ${Math.floor(onBoard / 2).toLocaleString('en')}, keyset) | ${ms(olderPage!)} |`,
  );
  console.log(`| a card's first page (its history in the detail) | ${ms(cardPage!)} |`);
  console.log('\nPlan of the first page, as the member (EXPLAIN ANALYZE):');
  for (const line of plan) console.log(`    ${line}`);
  await owner.client.removeAllChannels();
  await member.client.removeAllChannels();
} finally {
  await backend.close();
}

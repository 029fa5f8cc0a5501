/**
 * The soak: many members edit one board at once through the real supabase-js while each of
 * them also listens to the board's changes on its own realtime socket, as the app does. Used by
 * `npm run soak` (bench/soak.ts; 50 members for 5 minutes) and, short, by the backend tests.
 *
 * What it proves, and how:
 * - 0 errors: every REST call, every channel status after SUBSCRIBED, every unexpected event.
 * - Every acknowledged write is in the database: each member writes only its own cards (so the
 *   expected end state is exact, not last-writer-wins guesswork) and the harness keeps a model
 *   of every acknowledged write; at the end the board's rows are compared with it.
 * - Every change reaches every subscriber exactly once: each write carries a unique tag (the
 *   card's title, the comment's text; a delete is known by its id), registered before the
 *   call, and every subscriber counts what it receives per tag.
 * - Latency: from the start of the write call to its acknowledgement, and to each delivery.
 *
 * Bounded: members stop at the deadline or once `maxWrites` writes are reserved, whichever comes
 * first; the final wait for outstanding deliveries is capped too.
 */
import { randomUUID } from 'node:crypto';
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';

/** Where the backend under test listens; the service-role key reads the end state. */
export interface SoakTarget {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
}

export interface SoakOptions {
  members: number;
  durationMs: number;
  /** Mean pause between one member's writes (each pause is 0.5–1.5 times this). */
  intervalMs: number;
  /** Upper bound on writes in total, whatever the duration. */
  maxWrites: number;
  /** How long to wait at the end for deliveries still in flight. */
  drainMs?: number;
  log?: (line: string) => void;
}

export interface Percentiles {
  count: number;
  p50: number;
  p95: number;
  max: number;
}

export interface SoakReport {
  members: number;
  elapsedMs: number;
  writes: Record<'insert' | 'update' | 'move' | 'comment' | 'delete', number>;
  acknowledged: number;
  deliveries: number;
  expectedDeliveries: number;
  missing: number;
  duplicates: number;
  unexpected: number;
  errors: string[];
  /** Differences between the database and the acknowledged writes. */
  databaseMismatches: string[];
  writeLatency: Percentiles;
  deliveryLatency: Percentiles;
}

type Kind = keyof SoakReport['writes'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const percentiles = (values: number[]): Percentiles => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
  return { count: sorted.length, p50: at(50), p95: at(95), max: sorted.at(-1) ?? NaN };
};

const clientFor = (target: SoakTarget, key = target.anonKey): SupabaseClient =>
  createClient(target.url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });

interface Member {
  index: number;
  id: string;
  client: SupabaseClient;
  channel?: RealtimeChannel;
  /** Deliveries received, per tag. */
  received: Map<string, number>;
}

/** A failed call's message with its cause (supabase-js puts a fetch failure's cause in details). */
const describeError = (error: { message: string; details?: string | null }) =>
  error.details && error.details !== error.message
    ? `${error.message} (${error.details.replace(/\s+/g, ' ').slice(0, 300)})`
    : error.message;

/** Every row of a query, a page at a time (a hosted project returns at most 1000 per call). */
const readAll = async <R>(
  page: (from: number, to: number) => PromiseLike<{ data: R[] | null; error: unknown }>,
) => {
  const rows: R[] = [];
  for (let from = 0; ; from += 1000) {
    const { data, error } = await page(from, from + 999);
    if (error) throw error;
    rows.push(...(data ?? []));
    if ((data ?? []).length < 1000) return rows;
  }
};

export const runSoak = async (target: SoakTarget, options: SoakOptions): Promise<SoakReport> => {
  const log = options.log ?? (() => undefined);
  const errors: string[] = [];
  const fail = (what: string) => {
    if (errors.length < 50) errors.push(what);
    else if (errors.length === 50) errors.push('… (further errors not listed)');
  };

  // People: each signs up and in on their own client, as on their own machine.
  const members: Member[] = [];
  for (let index = 0; index < options.members; index += 1) {
    const client = clientFor(target);
    const email = `soak-${index}-${randomUUID().slice(0, 8)}@example.test`;
    const signUp = await client.auth.signUp({ email, password: 'geheim123' });
    if (signUp.error) throw signUp.error;
    const signIn = await client.auth.signInWithPassword({ email, password: 'geheim123' });
    if (signIn.error) throw signIn.error;
    members.push({ index, id: signIn.data.user.id, client, received: new Map() });
  }
  const owner = members[0]!;
  const board = await owner.client.from('boards').insert({ title: 'Soak' }).select('id').single();
  if (board.error) throw board.error;
  const boardId = board.data.id as string;
  if (members.length > 1) {
    const added = await owner.client
      .from('board_members')
      .insert(members.slice(1).map((m) => ({ board_id: boardId, user_id: m.id })));
    if (added.error) throw added.error;
  }
  const lists = await owner.client
    .from('lists')
    .insert(
      ['Offen', 'In Arbeit', 'Review', 'Erledigt'].map((title, i) => ({
        board_id: boardId,
        title,
        position: (i + 1) * 1024,
      })),
    )
    .select('id');
  if (lists.error) throw lists.error;
  const listIds = lists.data.map((row) => row.id as string);
  log(`${members.length} members on one board; subscribing`);

  // Tags: every write's unique mark, registered before the call, with its start time.
  const sentAt = new Map<string, number>();
  const deliveryLatencies: number[] = [];
  let deliveries = 0;
  let unexpected = 0;
  const receive = (member: Member, tag: string) => {
    const at = performance.now();
    deliveries += 1;
    const started = sentAt.get(tag);
    if (started === undefined) {
      unexpected += 1;
      fail(`member ${member.index} received ${tag}, which nobody wrote`);
      return;
    }
    const seen = (member.received.get(tag) ?? 0) + 1;
    member.received.set(tag, seen);
    if (seen === 1) deliveryLatencies.push(at - started);
  };

  let running = true;
  await Promise.all(
    members.map(
      (member) =>
        new Promise<void>((resolve, reject) => {
          let subscribed = false;
          member.channel = member.client
            .channel(`soak-${member.index}`)
            .on(
              'postgres_changes',
              { event: '*', schema: 'public', table: 'cards', filter: `board_id=eq.${boardId}` },
              (payload) => {
                if (payload.eventType === 'DELETE') receive(member, `D:${String(payload.old.id)}`);
                else receive(member, `${payload.eventType[0]}:${String(payload.new.title)}`);
              },
            )
            .on(
              'postgres_changes',
              { event: 'INSERT', schema: 'public', table: 'card_comments' },
              (payload) => receive(member, `C:${String(payload.new.text)}`),
            )
            .subscribe((status, error) => {
              if (status === 'SUBSCRIBED') {
                subscribed = true;
                resolve();
              } else if (running) {
                const why = `member ${member.index}'s channel: ${status}${error ? ` (${error.message})` : ''}`;
                if (subscribed) fail(why);
                else reject(new Error(why));
              }
            });
        }),
    ),
  );

  // The model of every acknowledged write.
  const cards = new Map<string, { title: string; listId: string; owner: number }>();
  const deletedCards = new Set<string>();
  const comments = new Map<string, string>(); // text -> card id
  const writes: SoakReport['writes'] = { insert: 0, update: 0, move: 0, comment: 0, delete: 0 };
  const writeLatencies: number[] = [];
  let reserved = 0;
  let acknowledged = 0;

  const started = performance.now();
  const deadline = started + options.durationMs;
  log(`editing for ${(options.durationMs / 1000).toFixed(0)} s`);

  const edit = async (member: Member) => {
    const own: string[] = [];
    let sequence = 0;
    const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;
    for (;;) {
      await sleep(options.intervalMs * (0.5 + Math.random()));
      if (performance.now() >= deadline || reserved >= options.maxWrites) return;
      reserved += 1;
      sequence += 1;
      const name = `m${member.index}-${sequence}`;
      const roll = Math.random();
      const kind: Kind =
        own.length === 0 || roll < 0.35
          ? 'insert'
          : roll < 0.65
            ? 'update'
            : roll < 0.8
              ? 'move'
              : roll < 0.93
                ? 'comment'
                : 'delete';
      const target = own.length > 0 ? pick(own) : '';
      const tag =
        kind === 'insert'
          ? `I:${name}`
          : kind === 'update' || kind === 'move'
            ? `U:${name}`
            : kind === 'comment'
              ? `C:${name}`
              : `D:${target}`;
      const t0 = performance.now();
      sentAt.set(tag, t0);
      const listId = pick(listIds);
      const api = member.client;
      const result =
        kind === 'insert'
          ? await api
              .from('cards')
              .insert({ list_id: listId, title: name, position: sequence * 1024 })
              .select('id')
          : kind === 'update'
            ? await api.from('cards').update({ title: name }).eq('id', target).select('id')
            : kind === 'move'
              ? await api
                  .from('cards')
                  .update({ title: name, list_id: listId })
                  .eq('id', target)
                  .select('id')
              : kind === 'comment'
                ? await api
                    .from('card_comments')
                    .insert({ card_id: target, user_id: member.id, text: name })
                    .select('id')
                : await api.from('cards').delete().eq('id', target).select('id');
      if (result.error || result.data?.length !== 1) {
        sentAt.delete(tag);
        fail(
          `${kind} by member ${member.index}: ${result.error ? describeError(result.error) : `${result.data?.length} rows`}`,
        );
        continue;
      }
      writeLatencies.push(performance.now() - t0);
      acknowledged += 1;
      writes[kind] += 1;
      if (kind === 'insert') {
        const id = result.data[0]!.id as string;
        own.push(id);
        cards.set(id, { title: name, listId, owner: member.index });
      } else if (kind === 'update') {
        cards.get(target)!.title = name;
      } else if (kind === 'move') {
        Object.assign(cards.get(target)!, { title: name, listId });
      } else if (kind === 'comment') {
        comments.set(name, target);
      } else {
        own.splice(own.indexOf(target), 1);
        cards.delete(target);
        deletedCards.add(target);
      }
    }
  };
  await Promise.all(members.map(edit));
  const elapsedMs = performance.now() - started;
  log(`${acknowledged} writes acknowledged; waiting for deliveries`);

  // Every subscriber must have every tag; wait for stragglers, then a little longer to see
  // duplicates that arrive late.
  const drainUntil = performance.now() + (options.drainMs ?? 30_000);
  const outstanding = () =>
    members.reduce(
      (sum, m) => sum + [...sentAt.keys()].filter((t) => !m.received.has(t)).length,
      0,
    );
  while (outstanding() > 0 && performance.now() < drainUntil) await sleep(100);
  await sleep(500);
  running = false;

  let missing = 0;
  let duplicates = 0;
  for (const member of members) {
    for (const tag of sentAt.keys()) {
      const seen = member.received.get(tag) ?? 0;
      if (seen === 0) missing += 1;
      if (seen > 1) duplicates += seen - 1;
    }
  }
  if (missing > 0) fail(`${missing} deliveries missing`);
  if (duplicates > 0) fail(`${duplicates} deliveries duplicated`);

  // The database against the model.
  const databaseMismatches: string[] = [];
  const admin = clientFor(target, target.serviceRoleKey);
  const storedCards = await readAll<{ id: string; title: string; list_id: string }>((from, to) =>
    admin
      .from('cards')
      .select('id, title, list_id')
      .eq('board_id', boardId)
      .order('id')
      .range(from, to),
  );
  const storedById = new Map(storedCards.map((row) => [row.id, row]));
  for (const [id, card] of cards) {
    const row = storedById.get(id);
    if (!row) databaseMismatches.push(`card ${card.title} (${id}) is missing`);
    else if (row.title !== card.title || row.list_id !== card.listId)
      databaseMismatches.push(`card ${id} is ${row.title} in ${row.list_id}, wrote ${card.title}`);
  }
  for (const row of storedCards)
    if (!cards.has(row.id)) databaseMismatches.push(`card ${row.title} should not exist`);
  const storedComments = await readAll<{ text: string; card_id: string }>((from, to) =>
    admin
      .from('card_comments')
      .select('text, card_id, cards!inner(board_id)')
      .eq('cards.board_id', boardId)
      .order('id')
      .range(from, to),
  );
  const expectedComments = [...comments].filter(([, cardId]) => !deletedCards.has(cardId));
  const storedTexts = new Map(storedComments.map((row) => [row.text, row.card_id]));
  for (const [text, cardId] of expectedComments)
    if (storedTexts.get(text) !== cardId) databaseMismatches.push(`comment ${text} is missing`);
  if (storedComments.length !== expectedComments.length)
    databaseMismatches.push(
      `${storedComments.length} comments stored, ${expectedComments.length} acknowledged`,
    );

  await Promise.all(members.map((member) => member.client.removeAllChannels()));

  return {
    members: members.length,
    elapsedMs,
    writes,
    acknowledged,
    deliveries,
    expectedDeliveries: sentAt.size * members.length,
    missing,
    duplicates,
    unexpected,
    errors,
    databaseMismatches,
    writeLatency: percentiles(writeLatencies),
    deliveryLatency: percentiles(deliveryLatencies),
  };
};

/** The report as a few lines of text (the CLI prints it; a failing test shows it). */
export const formatSoakReport = (report: SoakReport): string => {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const line = (name: string, p: Percentiles) =>
    `${name}: n=${p.count}, p50 ${ms(p.p50)}, p95 ${ms(p.p95)}, max ${ms(p.max)}`;
  const kinds = Object.entries(report.writes)
    .map(([kind, n]) => `${n} ${kind}`)
    .join(', ');
  return [
    `${report.members} members, ${(report.elapsedMs / 1000).toFixed(1)} s of editing`,
    `writes acknowledged: ${report.acknowledged} (${kinds})`,
    `deliveries: ${report.deliveries} of ${report.expectedDeliveries} expected; missing ${report.missing}, duplicated ${report.duplicates}, unexpected ${report.unexpected}`,
    `database: ${report.databaseMismatches.length === 0 ? 'every acknowledged write present, nothing else' : report.databaseMismatches.slice(0, 10).join('; ')}`,
    `errors: ${report.errors.length === 0 ? 0 : report.errors.join('; ')}`,
    line('write acknowledged', report.writeLatency),
    line('delivered to a subscriber', report.deliveryLatency),
  ].join('\n');
};

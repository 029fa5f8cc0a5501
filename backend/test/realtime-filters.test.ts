/**
 * Realtime filters are evaluated by Postgres, after row security, at bounded cost: every
 * operator supabase-js's filter builder can send works as Postgres defines it; a regular
 * expression that backtracks catastrophically in JavaScript (`^(a+)+$` on `aaaa…!`) does not
 * hold the event loop; and a stranger's filter on another board's rows receives nothing.
 * Filters the builder cannot send are refused at join. The event loop is measured with
 * perf_hooks' monitorEventLoopDelay.
 */
import { randomUUID } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import {
  postgresChangesFilter,
  type RealtimeChannel,
  type RealtimePostgresChangesPayload,
  type SupabaseClient,
} from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestBackend } from './support/use-backend.ts';
import { channelsRemovedAfterEach, joinChannel, rowChanges, waitFor } from './support/waiting.ts';

type Row = Record<string, unknown>;

const backend = useTestBackend();
let alice: { id: string; client: SupabaseClient };
let stranger: { id: string; client: SupabaseClient };
const channels = channelsRemovedAfterEach();

const boardOf = async (ownerId: string) => {
  const [board] = await backend.sql(
    `insert into public.boards (title, owner_id) values ('Projekt', $1) returning id`,
    [ownerId],
  );
  const [list] = await backend.sql(
    `insert into public.lists (board_id, title) values ($1, 'Offen') returning id`,
    [board!.id],
  );
  return { boardId: board!.id as string, listId: list!.id as string };
};

const subscribe = async (client: SupabaseClient, channel: RealtimeChannel) => {
  channels.push({ client, channel });
  await joinChannel(channel);
};

/** Titles of inserted cards per label, in arrival order. */
const recorder = () => {
  const seen = new Map<string, string[]>();
  return {
    on: (label: string) => (payload: RealtimePostgresChangesPayload<Row>) =>
      seen.set(label, [...(seen.get(label) ?? []), String((payload.new as Row).title)]),
    titles: (label: string) => seen.get(label) ?? [],
    all: () => [...seen.values()].flat(),
  };
};

const insertCard = (listId: string, fields: Row) =>
  backend.sql(
    `insert into public.cards (list_id, title, priority, due_date)
     values ($1, $2, coalesce($3, 'medium'), $4)`,
    [listId, fields.title, fields.priority ?? null, fields.due_date ?? null],
  );

beforeAll(async () => {
  const signIn = async (name: string) => {
    const { client, user } = await backend.signUpAndSignIn(undefined, 'geheim123', name);
    return { id: user.id, client };
  };
  [alice, stranger] = await Promise.all([signIn('Alice'), signIn('Fremd')]);
});

describe('filters evaluated by Postgres', () => {
  it('applies like, ilike, match, imatch, is and isdistinct, plain and negated, as built by postgresChangesFilter', async () => {
    const { boardId, listId } = await boardOf(alice.id);
    const events = recorder();
    const on = (label: string, filter: string) =>
      ['postgres_changes', rowChanges('INSERT', 'cards', filter), events.on(label)] as const;
    const board = postgresChangesFilter().eq('board_id', boardId);
    const f = () => postgresChangesFilter().eq('board_id', boardId);
    const channel = alice.client
      .channel(`ops-${randomUUID()}`)
      .on(...on('like', f().like('title', 'Ein%').build()))
      .on(...on('ilike', f().ilike('title', '%KAUF%').build()))
      .on(...on('match', f().match('title', '^[A-Z][a-z]+ [0-9]+$').build()))
      .on(...on('imatch', f().imatch('title', 'MILCH').build()))
      .on(...on('is-null', f().is('due_date', null).build()))
      .on(...on('not-is-null', f().not('due_date', 'is', null).build()))
      .on(...on('isdistinct', f().isDistinct('priority', 'medium').build()))
      .on(...on('not-like', f().not('title', 'like', '%a%').build()))
      .on(...on('quoted', f().eq('title', 'Äpfel, Birnen (viele)').build()))
      .on(...on('in', f().in('priority', ['high', 'urgent']).lt('due_date', '2026-03-01').build()))
      .on(...on('board', board.build()));
    await subscribe(alice.client, channel);

    await insertCard(listId, { title: 'Einkauf Milch' });
    await insertCard(listId, { title: 'Karte 7', due_date: '2026-02-01', priority: 'high' });
    await insertCard(listId, { title: 'Äpfel, Birnen (viele)', priority: 'urgent' });
    await insertCard(listId, { title: 'ende', due_date: '2026-04-01', priority: 'urgent' });

    await waitFor(() => events.titles('board').includes('ende'), 'the last card');
    expect(events.titles('like')).toEqual(['Einkauf Milch']);
    expect(events.titles('ilike')).toEqual(['Einkauf Milch']);
    expect(events.titles('match')).toEqual(['Karte 7']);
    expect(events.titles('imatch')).toEqual(['Einkauf Milch']);
    expect(events.titles('is-null')).toEqual(['Einkauf Milch', 'Äpfel, Birnen (viele)']);
    expect(events.titles('not-is-null')).toEqual(['Karte 7', 'ende']);
    expect(events.titles('isdistinct')).toEqual(['Karte 7', 'Äpfel, Birnen (viele)', 'ende']);
    expect(events.titles('not-like')).toEqual(['Äpfel, Birnen (viele)', 'ende']);
    expect(events.titles('quoted')).toEqual(['Äpfel, Birnen (viele)']);
    expect(events.titles('in')).toEqual(['Karte 7']);
  });

  it('refuses at join what the filter builder cannot send, with the reason in the reply', async () => {
    const refusal = async (filter: string) => {
      const channel = alice.client
        .channel(`refused-${randomUUID()}`)
        .on('postgres_changes', rowChanges('*', 'cards', filter), () => {});
      channels.push({ client: alice.client, channel });
      return new Promise<string>((resolve) => {
        channel.subscribe((status, error) => {
          if (status === 'CHANNEL_ERROR') resolve(error?.message ?? '');
          if (status === 'SUBSCRIBED') resolve('subscribed');
        });
      });
    };
    expect(await refusal('labels=cs.{a}')).toMatch(/^InvalidFilter: unsupported operator "cs"/);
    expect(await refusal('title=fts.milch')).toMatch(/unsupported operator "fts"/);
    expect(await refusal('title')).toMatch(/^InvalidFilter: .* column=operator\.value/);
    expect(await refusal('title=in.(a,b')).toMatch(/^InvalidFilter: unbalanced/);
    expect(await refusal('due_date=is.maybe')).toMatch(/"is" expects null, true, false/);
    expect(await refusal('title=like.abc\\')).toMatch(/escape character/);
  });
});

describe('bounded cost, permission first', () => {
  it('a catastrophic regex holds the event loop for no more than 100 ms, and a stranger on another board gets nothing', async () => {
    const own = await boardOf(alice.id);
    const strangers = await boardOf(stranger.id);
    const aliceSees = recorder();
    const strangerSees = recorder();
    const evil = 'title=match.^(a+)+$';
    // In JavaScript's backtracking engine this title takes seconds, doubling with each "a".
    const victim = `${'a'.repeat(32)}!`;

    /** `who` listens with the evil filter and, under `ownLabel`, to the cards of `boardId`. */
    const listen = (
      who: typeof alice,
      sees: ReturnType<typeof recorder>,
      boardId: string,
      ownLabel: string,
    ) =>
      subscribe(
        who.client,
        who.client
          .channel(`evil-${randomUUID()}`)
          .on('postgres_changes', rowChanges('INSERT', 'cards', evil), sees.on('evil'))
          .on(
            'postgres_changes',
            rowChanges('INSERT', 'cards', `board_id=eq.${boardId}`),
            sees.on(ownLabel),
          ),
      );
    await listen(alice, aliceSees, own.boardId, 'board');
    // The stranger guesses the text of cards on a board they are not a member of.
    await listen(stranger, strangerSees, strangers.boardId, 'own');

    /** Inserts the victim rows and a sentinel; the longest event-loop delay meanwhile, in ms. */
    const burst = async (sentinel: string) => {
      const loop = monitorEventLoopDelay({ resolution: 10 });
      loop.enable();
      for (let i = 0; i < 5; i++) await insertCard(own.listId, { title: victim });
      await insertCard(own.listId, { title: sentinel });
      await waitFor(() => aliceSees.titles('board').includes(sentinel), sentinel);
      loop.disable();
      return loop.max / 1e6;
    };
    const started = performance.now();
    // A busy machine (a GC pause, other work) can delay the loop once; the regex would every time.
    const delay = await burst('alice-1');
    const again = delay < 100 ? delay : await burst('alice-2');
    await insertCard(own.listId, { title: 'aaaa' });
    await insertCard(strangers.listId, { title: 'fremd-ende' });
    await waitFor(() => aliceSees.titles('evil').includes('aaaa'), 'the matching card');
    await waitFor(() => strangerSees.titles('own').includes('fremd-ende'), "the stranger's card");
    const elapsed = performance.now() - started;

    expect(again).toBeLessThan(100);
    expect(elapsed).toBeLessThan(10_000);
    expect(aliceSees.titles('evil')).toEqual(['aaaa']);
    expect(strangerSees.all()).toEqual(['fremd-ende']);
  });
});

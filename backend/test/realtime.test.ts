/**
 * postgres_changes as the real supabase-js receives them from the real backend: payloads of
 * INSERT, UPDATE and DELETE with and without filters, and who receives what (members yes,
 * outsiders and anonymous clients never, a removed member no longer).
 *
 * "Receives nothing" is shown without waiting for silence: changes are delivered in commit
 * order, so once a later "sentinel" change has arrived on the same channel, every earlier one
 * that was going to arrive has arrived.
 */
import { randomUUID } from 'node:crypto';
import type {
  RealtimeChannel,
  RealtimePostgresChangesPayload,
  Session,
  SupabaseClient,
} from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { installChangeFeed } from '../src/realtime/feed-install.ts';
import { useTestBackend } from './support/use-backend.ts';
import { channelsRemovedAfterEach, joinChannel, rowChanges, waitFor } from './support/waiting.ts';

type Row = Record<string, unknown>;
type Payload = RealtimePostgresChangesPayload<Row>;

interface Person {
  id: string;
  client: SupabaseClient;
  session: Session;
}

const backend = useTestBackend();
let alice: Person;
let bob: Person;
let carol: Person;
const channels = channelsRemovedAfterEach();

const signedIn = async (name: string): Promise<Person> => {
  const { client, user, session } = await backend.signUpAndSignIn(undefined, 'geheim123', name);
  return { id: user.id, client, session };
};

/** A board owned by `owner` with the given members and one list; written as superuser. */
const boardOf = async (owner: Person, members: Person[] = []) => {
  const [board] = await backend.sql(
    `insert into public.boards (title, owner_id) values ('Projekt', $1) returning id`,
    [owner.id],
  );
  const boardId = board!.id as string;
  for (const member of members) {
    await backend.sql(`insert into public.board_members (board_id, user_id) values ($1, $2)`, [
      boardId,
      member.id,
    ]);
  }
  const [list] = await backend.sql(
    `insert into public.lists (board_id, title) values ($1, 'Offen') returning id`,
    [boardId],
  );
  return { boardId, listId: list!.id as string };
};

/** Subscribes and resolves once the server confirmed every binding. */
const subscribe = async (client: SupabaseClient, channel: RealtimeChannel) => {
  channels.push({ client, channel });
  await joinChannel(channel);
};

/** Collects every payload of one binding, labelled, in arrival order. */
const recorder = () => {
  const seen: { label: string; payload: Payload }[] = [];
  return {
    seen,
    on: (label: string) => (payload: Payload) => seen.push({ label, payload }),
    labels: () => seen.map((s) => s.label),
    titles: (label: string) =>
      seen.filter((s) => s.label === label).map((s) => (s.payload.new as Row).title),
  };
};

const insertCard = async (client: SupabaseClient, listId: string, fields: Row = {}) => {
  const { data, error } = await client
    .from('cards')
    .insert({ list_id: listId, title: 'Karte', ...fields })
    .select()
    .single();
  if (error) throw error;
  return data as Row;
};

beforeAll(async () => {
  [alice, bob, carol] = await Promise.all([signedIn('Alice'), signedIn('Bob'), signedIn('Carol')]);
});

describe('postgres_changes payloads', () => {
  it('delivers INSERT, UPDATE and DELETE with the fields supabase-js promises', async () => {
    const { boardId, listId } = await boardOf(alice, [bob]);
    const events = recorder();
    const channel = bob.client
      .channel(`payloads-${randomUUID()}`)
      .on('postgres_changes', rowChanges('*', 'cards'), events.on('all'));
    await subscribe(bob.client, channel);

    const card = await insertCard(alice.client, listId, { description: 'Erste Fassung' });
    await alice.client.from('cards').update({ title: 'Umbenannt' }).eq('id', card.id);
    await alice.client.from('cards').delete().eq('id', card.id);

    await waitFor(() => events.seen.length >= 3, 'three changes');
    const [insert, update, remove] = events.seen.map((s) => s.payload);
    expect(insert).toMatchObject({
      schema: 'public',
      table: 'cards',
      eventType: 'INSERT',
      errors: null,
      old: {},
      new: {
        id: card.id,
        list_id: listId,
        board_id: boardId,
        title: 'Karte',
        description: 'Erste Fassung',
        priority: 'medium',
        position: card.position,
        due_date: null,
      },
    });
    expect(update).toMatchObject({
      eventType: 'UPDATE',
      new: { id: card.id, title: 'Umbenannt', description: 'Erste Fassung' },
      old: { id: card.id },
    });
    expect(remove).toMatchObject({ eventType: 'DELETE', new: {}, old: { id: card.id } });
    // Like hosted Supabase on a table with row-level security: the old row is its key only.
    expect(Object.keys(update!.old)).toEqual(['id']);
    expect(Object.keys(remove!.old)).toEqual(['id']);
    for (const payload of [insert, update, remove]) {
      expect(payload!.commit_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
    expect(events.seen).toHaveLength(3);
  });

  it('delivers every change of a row that is gone by the time it is delivered', async () => {
    const { listId } = await boardOf(alice, [bob]);
    const events = recorder();
    const channel = bob.client
      .channel(`short-lived-${randomUUID()}`)
      .on('postgres_changes', rowChanges('*', 'cards'), events.on('card'));
    await subscribe(bob.client, channel);

    // One transaction: all three changes are checked after the row has already gone.
    await backend.db.transaction(async (tx) => {
      const { rows } = await tx.query<Row>(
        `insert into public.cards (list_id, title) values ($1, 'kurz') returning id`,
        [listId],
      );
      await tx.query(`update public.cards set title = 'kürzer' where id = $1`, [rows[0]!.id]);
      await tx.query(`delete from public.cards where id = $1`, [rows[0]!.id]);
    });

    await waitFor(() => events.seen.length >= 3, 'three changes');
    expect(events.seen.map((s) => [s.payload.eventType, (s.payload.new as Row).title])).toEqual([
      ['INSERT', 'kurz'],
      ['UPDATE', 'kürzer'],
      ['DELETE', undefined],
    ]);
  });

  // The largest description the database takes (16,384 characters), 32 KB in UTF-8: far past
  // the 8,000 bytes a NOTIFY payload may carry.
  it('delivers a card with the longest description (16,384 characters, 32 KB) whole', async () => {
    const { listId } = await boardOf(alice);
    const events = recorder();
    const channel = alice.client
      .channel(`big-${randomUUID()}`)
      .on('postgres_changes', rowChanges('INSERT', 'cards'), events.on('big'));
    await subscribe(alice.client, channel);

    const description = 'ä'.repeat(16_000) + 'x'.repeat(384);
    await insertCard(alice.client, listId, { description });

    const [event] = await waitFor(() => events.seen.length > 0 && events.seen, 'the big card');
    expect((event!.payload.new as Row).description).toBe(description);
  });

  it('converts column types the way supabase-js expects (numbers, booleans, json, arrays)', async () => {
    await backend.db.exec(`
      create table public.rt_probe (
        id bigint generated always as identity primary key,
        amount numeric, ratio float8, done boolean, tags text[], doc jsonb, at timestamptz);
      alter table public.rt_probe enable row level security;
      create policy "rt_probe: everyone signed in" on public.rt_probe for select to authenticated using (true);
      grant select on public.rt_probe to authenticated;
      alter publication supabase_realtime add table public.rt_probe;`);
    await installChangeFeed(backend.db);

    const events = recorder();
    const channel = alice.client
      .channel(`types-${randomUUID()}`)
      .on('postgres_changes', rowChanges('INSERT', 'rt_probe'), events.on('row'));
    await subscribe(alice.client, channel);
    await backend.sql(
      `insert into public.rt_probe (amount, ratio, done, tags, doc, at)
       values (12.5, 0.25, true, '{a,b}', '{"k":[1,2]}', '2026-01-02T03:04:05.678Z')`,
    );

    const [event] = await waitFor(() => events.seen.length > 0 && events.seen, 'the probe row');
    expect(event!.payload.new).toEqual({
      id: 1,
      amount: 12.5,
      ratio: 0.25,
      done: true,
      tags: ['a', 'b'],
      doc: { k: [1, 2] },
      at: expect.stringMatching(/^2026-01-02T03:04:05\.678/),
    });
  });
});

describe('postgres_changes filters', () => {
  it('applies eq, neq, lt, lte, gt, gte and in to the row, and events per binding', async () => {
    const { boardId, listId } = await boardOf(alice);
    const other = await boardOf(alice);
    const events = recorder();
    const on = (label: string, event: '*' | 'INSERT' | 'UPDATE' | 'DELETE', filter: string) =>
      ['postgres_changes', rowChanges(event, 'cards', filter), events.on(label)] as const;
    const channel = alice.client
      .channel(`filters-${randomUUID()}`)
      .on(...on('eq', 'INSERT', `board_id=eq.${boardId}`))
      .on(...on('neq', 'INSERT', `board_id=neq.${boardId}`))
      .on(...on('lt', 'INSERT', 'position=lt.2'))
      .on(...on('lte', 'INSERT', 'position=lte.2'))
      .on(...on('gt', 'INSERT', 'position=gt.2'))
      .on(...on('gte', 'INSERT', 'position=gte.2'))
      .on(...on('in', 'INSERT', 'priority=in.(high,urgent)'))
      .on(...on('update', 'UPDATE', `board_id=eq.${boardId}`))
      .on(...on('delete', 'DELETE', `title=eq.weg`));
    await subscribe(alice.client, channel);

    await insertCard(alice.client, listId, { title: 'eins', position: 1, priority: 'low' });
    await insertCard(alice.client, listId, { title: 'zwei', position: 2, priority: 'high' });
    await insertCard(alice.client, listId, { title: 'drei', position: 3, priority: 'urgent' });
    await insertCard(alice.client, other.listId, { title: 'fremd', position: 10 });
    const gone = await insertCard(alice.client, listId, { title: 'weg', position: 0 });
    const kept = await insertCard(alice.client, listId, { title: 'bleibt', position: 0 });
    await alice.client.from('cards').update({ title: 'neu' }).eq('id', kept.id);
    await alice.client.from('cards').delete().in('id', [gone.id, kept.id]);
    await insertCard(alice.client, listId, { title: 'ende', position: 1000 });

    await waitFor(() => events.titles('gt').includes('ende'), 'the last card');
    expect(events.titles('eq')).toEqual(['eins', 'zwei', 'drei', 'weg', 'bleibt', 'ende']);
    expect(events.titles('neq')).toEqual(['fremd']);
    expect(events.titles('lt')).toEqual(['eins', 'weg', 'bleibt']);
    expect(events.titles('lte')).toEqual(['eins', 'zwei', 'weg', 'bleibt']);
    expect(events.titles('gt')).toEqual(['drei', 'fremd', 'ende']);
    expect(events.titles('gte')).toEqual(['zwei', 'drei', 'fremd', 'ende']);
    expect(events.titles('in')).toEqual(['zwei', 'drei']);
    expect(events.titles('update')).toEqual(['neu']);
    // A DELETE filter is matched against the deleted row, though only its key is sent.
    const deletes = events.seen.filter((s) => s.label === 'delete').map((s) => s.payload.old);
    expect(deletes).toEqual([{ id: gone.id }]);
  });

  it('accepts a filter built with postgresChangesFilter-style negation and AND', async () => {
    const { boardId, listId } = await boardOf(alice);
    const events = recorder();
    const channel = alice.client
      .channel(`compound-${randomUUID()}`)
      .on(
        'postgres_changes',
        rowChanges('INSERT', 'cards', `board_id=eq.${boardId},priority=not.in.(low,medium)`),
        events.on('hot'),
      );
    await subscribe(alice.client, channel);

    await insertCard(alice.client, listId, { title: 'ruhig', priority: 'low' });
    await insertCard(alice.client, listId, { title: 'dringend', priority: 'urgent' });
    await insertCard(alice.client, listId, { title: 'ende', priority: 'high' });

    await waitFor(() => events.titles('hot').includes('ende'), 'the last card');
    expect(events.titles('hot')).toEqual(['dringend', 'ende']);
  });

  it('refuses at join a filter the client library cannot send, naming the operator', async () => {
    const channel = alice.client
      .channel(`bad-filter-${randomUUID()}`)
      .on('postgres_changes', rowChanges('*', 'cards', 'title=between.1'), () => undefined);
    channels.push({ client: alice.client, channel });
    const error = await new Promise<Error | undefined>((resolve) => {
      channel.subscribe((status, err) => {
        if (status === 'CHANNEL_ERROR') resolve(err);
        if (status === 'SUBSCRIBED') resolve(undefined);
      });
    });
    expect(error?.message).toMatch(/^InvalidFilter: unsupported operator "between"/);
  });

  it('reports a filter value its column cannot hold in a system message and still subscribes', async () => {
    const problems: Row[] = [];
    const channel = alice.client
      .channel(`bad-value-${randomUUID()}`)
      .on('postgres_changes', rowChanges('*', 'cards', 'board_id=eq.not-a-uuid'), () => undefined)
      .on('system', {}, (payload: Row) => problems.push(payload));
    await subscribe(alice.client, channel);

    await waitFor(() => problems.length > 0, 'the system message');
    expect(problems[0]).toMatchObject({ extension: 'postgres_changes', status: 'error' });
    expect(problems[0]!.message).toContain('uuid');
  });

  it('never matches a filter on a column the subscriber may not select', async () => {
    await backend.db.exec(`
      create table public.rt_secret (
        id uuid primary key default gen_random_uuid(), label text, secret text);
      alter table public.rt_secret enable row level security;
      create policy "rt_secret: everyone signed in" on public.rt_secret for select to authenticated using (true);
      revoke all on public.rt_secret from anon, authenticated;
      grant select (id, label) on public.rt_secret to authenticated;
      alter publication supabase_realtime add table public.rt_secret;`);
    await installChangeFeed(backend.db);

    const events = recorder();
    const on = (label: string, filter: string) =>
      ['postgres_changes', rowChanges('INSERT', 'rt_secret', filter), events.on(label)] as const;
    const channel = alice.client
      .channel(`secret-${randomUUID()}`)
      .on(...on('guess', 'secret=eq.hunter2'))
      .on(...on('label', 'label=eq.sichtbar'));
    await subscribe(alice.client, channel);
    await backend.sql(
      `insert into public.rt_secret (label, secret) values ('sichtbar', 'hunter2')`,
    );

    await waitFor(() => events.labels().includes('label'), 'the visible row');
    // Both bindings would share the row's one frame: a guessed secret would have matched here.
    expect(events.labels()).toEqual(['label']);
    expect(Object.keys(events.seen[0]!.payload.new).sort()).toEqual(['id', 'label']);
  });
});

describe('who receives a change', () => {
  it('gives a board member its changes and an outsider or anonymous client none', async () => {
    const shared = await boardOf(alice, [bob]);
    const bobsSentinel = await boardOf(alice, [bob]);
    const carolsOwn = await boardOf(carol);
    const bobSees = recorder();
    const carolSees = recorder();
    const anonSees = recorder();
    const anon = backend.client();
    const listen = (client: SupabaseClient, events: ReturnType<typeof recorder>) =>
      subscribe(
        client,
        client
          .channel(`audience-${randomUUID()}`)
          .on('postgres_changes', rowChanges('*', '*'), (payload) =>
            events.on(String(payload.table))(payload),
          ),
      );
    await Promise.all([
      listen(bob.client, bobSees),
      listen(carol.client, carolSees),
      listen(anon, anonSees),
    ]);

    const card = await insertCard(alice.client, shared.listId, { title: 'geheim' });
    await alice.client.from('cards').update({ title: 'noch geheimer' }).eq('id', card.id);
    await alice.client.from('cards').delete().eq('id', card.id);
    await alice.client.from('lists').delete().eq('id', shared.listId);
    // Sentinels: a change each receiver may see, committed after everything above.
    await insertCard(carol.client, carolsOwn.listId, { title: 'carol-ende' });
    await insertCard(alice.client, bobsSentinel.listId, { title: 'bob-ende' });

    await waitFor(() => carolSees.titles('cards').includes('carol-ende'), "Carol's sentinel");
    await waitFor(() => bobSees.titles('cards').includes('bob-ende'), "Bob's sentinel");
    // The history the triggers write (public.activity) travels too, and only to members: its
    // entries may trail their row's event, so they are checked by board, the rows by sequence.
    const activityBoards = (events: ReturnType<typeof recorder>) =>
      new Set(
        events.seen
          .filter((s) => s.label === 'activity')
          .map((s) => String((s.payload.new as Row).board_id)),
      );
    const rowEvents = (events: ReturnType<typeof recorder>) =>
      events.seen
        .filter((s) => s.label !== 'activity')
        .map((s) => `${s.label} ${s.payload.eventType}`);
    const outside = (boards: Set<string>, allowed: string[]) =>
      [...boards].filter((id) => !allowed.includes(id));
    expect(outside(activityBoards(carolSees), [carolsOwn.boardId])).toEqual([]);
    expect(outside(activityBoards(bobSees), [shared.boardId, bobsSentinel.boardId])).toEqual([]);
    expect(rowEvents(carolSees)).toEqual(['cards INSERT']);
    expect(rowEvents(bobSees)).toEqual([
      'cards INSERT',
      'cards UPDATE',
      'cards DELETE',
      'lists DELETE',
      'cards INSERT',
    ]);
    expect(anonSees.seen).toEqual([]);
  });

  it('stops at once for a member who is removed, after telling them so', async () => {
    const { boardId, listId } = await boardOf(alice, [bob]);
    const bobsOwn = await boardOf(bob);
    const events = recorder();
    const channel = bob.client
      .channel(`removed-${randomUUID()}`)
      .on('postgres_changes', rowChanges('*', 'cards'), (p) => events.on('card')(p))
      .on('postgres_changes', rowChanges('DELETE', 'board_members'), events.on('left'));
    await subscribe(bob.client, channel);

    await insertCard(alice.client, listId, { title: 'vorher' });
    // Delivered before the removal: a change checked after it (in one batch, under load) would
    // rightly be withheld, since rights are checked against the memberships of the moment.
    await waitFor(() => events.titles('card').includes('vorher'), 'the card before removal');
    const { error } = await alice.client
      .from('board_members')
      .delete()
      .eq('board_id', boardId)
      .eq('user_id', bob.id);
    expect(error).toBeNull();
    await insertCard(alice.client, listId, { title: 'nachher' });
    await insertCard(bob.client, bobsOwn.listId, { title: 'ende' });

    await waitFor(() => events.titles('card').includes('ende'), "Bob's sentinel");
    expect(events.labels()).toEqual(['card', 'left', 'card']);
    expect(events.titles('card')).toEqual(['vorher', 'ende']);
  });

  it('tells every member when the owner deletes the board', async () => {
    const { boardId } = await boardOf(alice, [bob]);
    const outsiderBoard = await boardOf(carol);
    const bobSees = recorder();
    const carolSees = recorder();
    for (const [person, events] of [
      [bob, bobSees],
      [carol, carolSees],
    ] as const) {
      await subscribe(
        person.client,
        person.client
          .channel(`board-gone-${randomUUID()}`)
          .on('postgres_changes', rowChanges('DELETE', 'boards'), events.on('board'))
          .on('postgres_changes', rowChanges('INSERT', 'cards'), events.on('card')),
      );
    }

    const { error } = await alice.client.from('boards').delete().eq('id', boardId);
    expect(error).toBeNull();
    await insertCard(carol.client, outsiderBoard.listId, { title: 'ende' });
    const bobsSentinelBoard = await boardOf(alice, [bob]);
    await insertCard(alice.client, bobsSentinelBoard.listId, { title: 'ende' });

    await waitFor(() => bobSees.titles('card').includes('ende'), "Bob's sentinel");
    await waitFor(() => carolSees.titles('card').includes('ende'), "Carol's sentinel");
    expect(bobSees.seen.map((s) => [s.label, s.payload.old])).toEqual([
      ['board', { id: boardId }],
      ['card', {}],
    ]);
    expect(carolSees.labels()).toEqual(['card']);
  });

  it("follows a new access token: the socket goes on with the new user's rights", async () => {
    const alicesBoard = await boardOf(alice);
    const bobsBoard = await boardOf(bob);
    // A client that signs in as Alice and later as Bob: supabase-js pushes the new token.
    const client = backend.client();
    await client.auth.setSession(alice.session);
    const events = recorder();
    await subscribe(
      client,
      client
        .channel(`switch-${randomUUID()}`)
        .on('postgres_changes', rowChanges('INSERT', 'cards'), events.on('card')),
    );

    await insertCard(alice.client, alicesBoard.listId, { title: 'alice-1' });
    await waitFor(() => events.titles('card').includes('alice-1'), "Alice's card");
    await client.auth.setSession(bob.session);
    // The token push and the next writes travel on different connections: wait until the
    // server acts on Bob's token (his card arrives) before judging what Alice's card does.
    for (let i = 0; !events.titles('card').some((t) => String(t).startsWith('bob')); i++) {
      await insertCard(bob.client, bobsBoard.listId, { title: `bob-${i}` });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await insertCard(alice.client, alicesBoard.listId, { title: 'alice-2' });
    await insertCard(bob.client, bobsBoard.listId, { title: 'bob-ende' });

    await waitFor(() => events.titles('card').includes('bob-ende'), "Bob's sentinel");
    expect(events.titles('card')).not.toContain('alice-2');
    expect(events.titles('card')[0]).toBe('alice-1');
  });

  it('closes the channel with a system error when the new token is invalid', async () => {
    const statuses: string[] = [];
    const system: Row[] = [];
    const client = backend.client();
    await client.auth.setSession(alice.session);
    const channel = client
      .channel(`bad-token-${randomUUID()}`)
      .on('postgres_changes', rowChanges('*', 'cards'), () => undefined)
      .on('system', {}, (payload: Row) => system.push(payload));
    channels.push({ client, channel });
    channel.subscribe((status) => statuses.push(status));
    await waitFor(() => statuses.includes('SUBSCRIBED'), 'the subscription');

    await client.realtime.setAuth('not-a-token');
    await waitFor(() => statuses.includes('CLOSED'), 'the channel to close');
    expect(system.at(-1)).toMatchObject({ extension: 'system', status: 'error' });
    expect(String(system.at(-1)!.message)).toMatch(/^InvalidJWTToken/);
  });
});

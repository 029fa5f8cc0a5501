/**
 * Board and user changes over private Broadcast channels (issue 21), through the real
 * supabase-js: the triggers send each change of a board's rows to `board:<id>` and each
 * membership change to `user:<id>` with realtime.send (as on hosted Supabase), and the backend
 * delivers the committed `realtime.messages` rows to the channels RLS admitted at join. A member
 * receives a card change with the whole row and the topic's next sequence number; a stranger's
 * join is refused and hears nothing; a removed member hears nothing after the removal; a user's
 * topic is theirs alone. On PostgreSQL also across two backend processes.
 */
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, testDatabase, type TestBackend } from './support/backend.ts';
import { createBoard, signIn, signUp, spawnBackend } from './support/peers.ts';
import { waitFor } from './support/waiting.ts';

type Row = Record<string, unknown>;

interface Heard {
  event: string;
  payload: Row;
}

interface Listener {
  heard: Heard[];
  status: string[];
  channel: RealtimeChannel;
}

/** Joins a private topic as the app does and records every broadcast and status. */
const listen = async (client: SupabaseClient, topic: string): Promise<Listener> => {
  await client.realtime.setAuth();
  const heard: Heard[] = [];
  const status: string[] = [];
  const channel = client.channel(topic, { config: { private: true } });
  channel.on('broadcast', { event: '*' }, (message) =>
    heard.push({ event: message.event, payload: message.payload as Row }),
  );
  await new Promise<void>((resolve) => {
    channel.subscribe((s) => {
      status.push(s);
      if (s === 'SUBSCRIBED' || s === 'CHANNEL_ERROR') resolve();
    });
  });
  return { heard, status, channel };
};

/** A join supabase-js reports refused: the reason, and the channel is removed. */
const refused = async (client: SupabaseClient, topic: string): Promise<string> => {
  await client.realtime.setAuth();
  return new Promise<string>((resolve) => {
    const channel = client.channel(topic, { config: { private: true } });
    channel.subscribe((s, error) => {
      if (s === 'SUBSCRIBED') resolve('SUBSCRIBED');
      if (s === 'CHANNEL_ERROR') {
        void client.removeChannel(channel);
        resolve(String(error?.message));
      }
    });
  });
};

const changesOf = (listener: Listener, table: string) =>
  listener.heard.filter((h) => h.payload.table === table);

describe('board changes over private broadcast', () => {
  let backend: TestBackend;

  beforeAll(async () => {
    backend = await startTestBackend();
  });
  afterAll(async () => {
    await backend.close();
  });

  it('sends a member each card change with the whole row and the next sequence number', async () => {
    const alice = await signUp(backend.url, backend.anonKey, 'Alice');
    const bob = await signUp(backend.url, backend.anonKey, 'Bob');
    const { boardId, listId } = await createBoard(alice.client, [bob.id]);
    const onBoard = await listen(bob.client, `board:${boardId}`);
    expect(onBoard.status).toContain('SUBSCRIBED');

    const card = await alice.client
      .from('cards')
      .insert({ list_id: listId, title: 'Angebot schreiben', position: 1 })
      .select()
      .single();
    expect(card.error).toBeNull();
    const cardId = (card.data as Row).id as string;
    await alice.client.from('cards').update({ title: 'Angebot senden' }).eq('id', cardId);
    await alice.client.from('cards').delete().eq('id', cardId);

    await waitFor(() => changesOf(onBoard, 'cards').length === 3, 'three card changes');
    const [inserted, updated, deleted] = changesOf(onBoard, 'cards');
    expect(inserted!.event).toBe('INSERT');
    expect(inserted!.payload).toMatchObject({
      schema: 'public',
      table: 'cards',
      operation: 'INSERT',
      record: { id: cardId, board_id: boardId, list_id: listId, title: 'Angebot schreiben' },
      old_record: null,
    });
    expect(updated!.payload).toMatchObject({
      operation: 'UPDATE',
      record: { id: cardId, title: 'Angebot senden' },
      old_record: { id: cardId, title: 'Angebot schreiben' },
    });
    expect(deleted!.payload).toMatchObject({
      operation: 'DELETE',
      record: null,
      old_record: { id: cardId, board_id: boardId, title: 'Angebot senden' },
    });
    // Gap-free and increasing on the topic: every message of the board, in order.
    const seqs = onBoard.heard.map((h) => Number(h.payload.seq));
    expect(seqs.length).toBeGreaterThanOrEqual(3);
    seqs.forEach((seq, i) => i > 0 && expect(seq).toBe(seqs[i - 1]! + 1));

    // A child row reaches its card's board too, found through the card.
    const second = await alice.client
      .from('cards')
      .insert({ list_id: listId, title: 'Zweite', position: 2 })
      .select()
      .single();
    const secondId = (second.data as Row).id as string;
    await alice.client.from('card_assignees').insert({ card_id: secondId, user_id: bob.id });
    await waitFor(() => changesOf(onBoard, 'card_assignees').length === 1, 'the assignment');
    expect(changesOf(onBoard, 'card_assignees')[0]!.payload.record).toEqual({
      card_id: secondId,
      user_id: bob.id,
      created_at: expect.any(String),
    });
    await bob.client.removeChannel(onBoard.channel);
  });

  it('refuses a stranger, who hears nothing of the board', async () => {
    const alice = await signUp(backend.url, backend.anonKey, 'Alice');
    const mallory = await signUp(backend.url, backend.anonKey, 'Mallory');
    const { boardId, listId } = await createBoard(alice.client);
    const member = await listen(alice.client, `board:${boardId}`);

    expect(await refused(mallory.client, `board:${boardId}`)).toBe(
      `Unauthorized: You do not have permissions to read from this Channel topic: board:${boardId}`,
    );
    // Nor does a public channel of the same name, nor an anonymous client.
    const publicSide: Heard[] = [];
    const open = mallory.client.channel(`board:${boardId}`, { config: { private: false } });
    open.on('broadcast', { event: '*' }, (m) =>
      publicSide.push({ event: m.event, payload: m.payload as Row }),
    );
    await new Promise<void>((resolve) => open.subscribe((s) => s === 'SUBSCRIBED' && resolve()));
    expect(await refused(backend.client(), `board:${boardId}`)).toMatch(/^Unauthorized/);

    await alice.client.from('cards').insert({ list_id: listId, title: 'Geheim', position: 1 });
    await waitFor(() => changesOf(member, 'cards').length === 1, 'the member to hear the card');
    // Delivered to every channel of the topic in one pass: the member hearing it means the
    // same-named public channel was passed over.
    expect(publicSide).toEqual([]);
    await alice.client.removeChannel(member.channel);
    await mallory.client.removeChannel(open);
  });

  it('sends a removed member nothing after the removal', async () => {
    const alice = await signUp(backend.url, backend.anonKey, 'Alice');
    const bob = await signUp(backend.url, backend.anonKey, 'Bob');
    const { boardId, listId } = await createBoard(alice.client, [bob.id]);
    const owner = await listen(alice.client, `board:${boardId}`);
    const removed = await listen(bob.client, `board:${boardId}`);

    await alice.client.from('board_members').delete().eq('board_id', boardId).eq('user_id', bob.id);
    await alice.client
      .from('cards')
      .insert({ list_id: listId, title: 'Nach dem Gehen', position: 1 });
    await waitFor(() => changesOf(owner, 'cards').length === 1, 'the owner to hear the card');

    // Bob hears of his own removal, then his channel is closed: nothing of the card.
    expect(changesOf(removed, 'board_members').map((h) => h.payload.operation)).toEqual(['DELETE']);
    expect(changesOf(removed, 'cards')).toEqual([]);
    await waitFor(
      () => removed.status.includes('CLOSED') || removed.status.includes('CHANNEL_ERROR'),
      "bob's channel to end",
    );
    // And he cannot join again.
    expect(await refused(bob.client, `board:${boardId}`)).toMatch(/^Unauthorized/);
    await alice.client.removeChannel(owner.channel);
  });

  it('tells a user of their memberships on their own topic, and nobody else', async () => {
    const alice = await signUp(backend.url, backend.anonKey, 'Alice');
    const bob = await signUp(backend.url, backend.anonKey, 'Bob');
    const mine = await listen(bob.client, `user:${bob.id}`);
    expect(await refused(alice.client, `user:${bob.id}`)).toMatch(/^Unauthorized/);

    const { boardId } = await createBoard(alice.client, [bob.id]);
    await alice.client.from('boards').update({ title: 'Umbenannt' }).eq('id', boardId);
    await alice.client.from('board_members').delete().eq('board_id', boardId).eq('user_id', bob.id);

    // Other features (notifications) speak on the same topic: the membership messages are those
    // about board_members and boards, and the numbers run over every message of the topic.
    const memberships = () =>
      mine.heard.filter((h) => h.payload.table === 'board_members' || h.payload.table === 'boards');
    await waitFor(() => memberships().length === 3, 'bob to hear three membership messages');
    expect(memberships().map((h) => [h.payload.table, h.event])).toEqual([
      ['board_members', 'INSERT'],
      ['boards', 'UPDATE'],
      ['board_members', 'DELETE'],
    ]);
    expect(memberships()[0]!.payload.record).toMatchObject({ board_id: boardId, user_id: bob.id });
    expect(memberships()[1]!.payload.record).toMatchObject({ id: boardId, title: 'Umbenannt' });
    const seqs = mine.heard.map((h) => Number(h.payload.seq));
    seqs.forEach((seq, i) => i > 0 && expect(seq).toBe(seqs[i - 1]! + 1));
    await bob.client.removeChannel(mine.channel);
  });
});

// Several processes need a database they share: PostgreSQL only.
if (testDatabase === 'postgres')
  describe('board broadcast across backend processes', () => {
    it('delivers a change made through one process to members on both, and to no stranger', async () => {
      const here = await startTestBackend();
      const there = await spawnBackend(here.backend.ctx.config.databaseUrl!);
      try {
        const alice = await signUp(here.url, here.anonKey, 'Alice');
        const bobHere = await signUp(here.url, here.anonKey, 'Bob');
        const bob = await signIn(there.url, there.anonKey, bobHere.email);
        const malloryHere = await signUp(here.url, here.anonKey, 'Mallory');
        const mallory = await signIn(there.url, there.anonKey, malloryHere.email);
        const { boardId, listId } = await createBoard(alice.client, [bob.id]);

        const onHere = await listen(alice.client, `board:${boardId}`);
        const onThere = await listen(bob.client, `board:${boardId}`);
        expect(await refused(mallory.client, `board:${boardId}`)).toMatch(/^Unauthorized/);

        // Written through the other process: both hear it once, with the same number.
        const card = await bob.client
          .from('cards')
          .insert({ list_id: listId, title: 'Quer', position: 1 })
          .select()
          .single();
        expect(card.error).toBeNull();
        await waitFor(() => changesOf(onHere, 'cards').length === 1, 'process 1 to deliver');
        await waitFor(() => changesOf(onThere, 'cards').length === 1, 'process 2 to deliver');
        expect(changesOf(onHere, 'cards')[0]!.payload.seq).toBe(
          changesOf(onThere, 'cards')[0]!.payload.seq,
        );

        // Bob, on process 2, is removed through process 1: he hears nothing after.
        await alice.client
          .from('board_members')
          .delete()
          .eq('board_id', boardId)
          .eq('user_id', bob.id);
        await alice.client.from('cards').insert({ list_id: listId, title: 'Danach', position: 2 });
        await waitFor(() => changesOf(onHere, 'cards').length === 2, 'alice to hear the card');
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(changesOf(onThere, 'cards')).toHaveLength(1);
        await alice.client.removeChannel(onHere.channel);
        await bob.client.removeChannel(onThere.channel);
      } finally {
        await there.stop();
        await here.close();
      }
    }, 60_000);
  });

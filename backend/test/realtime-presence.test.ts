/**
 * Who is here: presence on a board's private channel (`board:<id>`, RLS on realtime.messages)
 * through the real supabase-js. On every database: state on join, joins and leaves, a clean
 * leave at once, a dead connection within two ping intervals, and only members may join. On
 * PostgreSQL also across backend processes: one in this test process, one in its own process,
 * which is killed to show that a crashed process's entries expire for the others.
 */
import { once } from 'node:events';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadConfig } from '../src/config.ts';
import { startTestBackend, testDatabase, type TestBackend } from './support/backend.ts';
import { createBoard, signIn, signUp, spawnBackend } from './support/peers.ts';
import { waitFor } from './support/waiting.ts';

// Short timings keep the test quick. PRESENCE_TIMINGS=default runs it with the shipped ones
// (10 s ping, 5 s heartbeat, 15 s TTL), whose bounds are 20 s each, and prints what it measured.
const shipped = process.env.PRESENCE_TIMINGS === 'default';
const defaults = loadConfig({});
const PING_MS = shipped ? defaults.realtimePingIntervalMs : 300;
const HEARTBEAT_MS = shipped ? defaults.realtimePresenceHeartbeatMs : 200;
const TTL_MS = shipped ? defaults.realtimePresenceTtlMs : 1000;
const DEAD_SOCKET_BOUND_MS = 2 * PING_MS + 2000;
const CRASH_BOUND_MS = TTL_MS + 2 * HEARTBEAT_MS + 1000;
const report = (what: string, ms: number) => {
  if (shipped) console.info(`presence: ${what} after ${ms} ms`);
};

interface Member {
  client: SupabaseClient;
  id: string;
  email: string;
}

/** Joins `board:<id>` as supabase-js does for the app, tracking `meta` under the user's id. */
const enter = async (member: Member, boardId: string, meta: Record<string, unknown> = {}) => {
  const channel = member.client.channel(`board:${boardId}`, {
    config: { private: true, presence: { key: member.id } },
  });
  const leaves: string[] = [];
  channel.on('presence', { event: 'sync' }, () => undefined);
  channel.on('presence', { event: 'leave' }, ({ key }) => leaves.push(key));
  await new Promise<void>((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve();
      else if (status !== 'CLOSED') reject(error ?? new Error(status));
    });
  });
  const tracked = await channel.track({ user_id: member.id, ...meta });
  expect(tracked).toBe('ok');
  return { channel, leaves, who: () => Object.keys(channel.presenceState()).sort() };
};

/** The subscribe error a refused join reports (supabase-js then retries: the channel goes). */
const refusal = (client: SupabaseClient, topic: string, isPrivate: boolean) =>
  new Promise<string>((resolve) => {
    const channel = client.channel(topic, { config: { private: isPrivate } });
    channel.subscribe((status, error) => {
      if (status === 'CHANNEL_ERROR' || status === 'SUBSCRIBED') {
        void client.removeChannel(channel);
        resolve(status === 'SUBSCRIBED' ? 'SUBSCRIBED' : String(error?.message));
      }
    });
  });

const sorted = (...ids: string[]) => [...ids].sort();

describe('presence on a board channel', () => {
  let backend: TestBackend;
  let alice: Member;
  let bob: Member;
  let boardId: string;
  const channels: { client: SupabaseClient; channel: RealtimeChannel }[] = [];

  beforeAll(async () => {
    backend = await startTestBackend({ realtimePingIntervalMs: PING_MS });
    [alice, bob] = await Promise.all([
      signUp(backend.url, backend.anonKey, 'Alice'),
      signUp(backend.url, backend.anonKey, 'Bob'),
    ]);
    ({ boardId } = await createBoard(alice.client, [bob.id]));
  });

  afterAll(async () => {
    for (const { client, channel } of channels) await client.removeChannel(channel);
    await backend?.close();
  });

  it('gives a joining member the state, then everyone joins and leaves', async () => {
    const first = await enter(alice, boardId, { card_id: null });
    await waitFor(() => first.who().length === 1, 'alice to see herself');

    const second = await enter(bob, boardId, { card_id: 'c1' });
    // State on join: Bob sees Alice (and himself) without anyone tracking again.
    await waitFor(() => second.who().length === 2, 'bob to see both');
    await waitFor(() => first.who().length === 2, 'alice to see bob join');
    const bobsMeta = first.channel.presenceState()[bob.id]?.[0] as Record<string, unknown>;
    expect(bobsMeta.card_id).toBe('c1');

    // A clean leave goes at once.
    const leftAt = Date.now();
    await bob.client.removeChannel(second.channel);
    await waitFor(() => first.who().length === 1, 'alice to see bob leave', { timeoutMs: 2000 });
    report('a clean leave reached the other member', Date.now() - leftAt);
    expect(first.leaves).toEqual([bob.id]);
    await alice.client.removeChannel(first.channel);
  });

  it('lets no stranger and no anonymous client join a board channel', async () => {
    const carol = await signUp(backend.url, backend.anonKey, 'Carol');
    const topic = `board:${boardId}`;
    expect(await refusal(carol.client, topic, true)).toBe(
      `Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`,
    );
    expect(await refusal(backend.client(), topic, true)).toMatch(/^Unauthorized/);
    // A public channel of the same name is another room: it sees none of the board's presence.
    const outside = carol.client.channel(topic, { config: { presence: { key: carol.id } } });
    channels.push({ client: carol.client, channel: outside });
    let synced = false;
    outside.on('presence', { event: 'sync' }, () => (synced = true));
    outside.subscribe();
    await waitFor(() => synced, 'the public channel to sync');
    expect(Object.keys(outside.presenceState())).not.toContain(alice.id);
  });

  it('closes the channel of a member who signs out (the token push re-runs the policies)', async () => {
    const dora = await signUp(backend.url, backend.anonKey, 'Dora');
    await alice.client.from('board_members').insert({ board_id: boardId, user_id: dora.id });
    const watcher = await enter(alice, boardId);
    const doras = await enter(dora, boardId);
    await waitFor(() => watcher.who().includes(dora.id), 'alice to see dora');
    await dora.client.auth.signOut();
    await waitFor(() => !watcher.who().includes(dora.id), 'dora to be gone after signing out');
    expect(doras.channel.state).toBe('closed');
    await alice.client.removeChannel(watcher.channel);
  });

  it(
    'drops a connection that stops answering within two ping intervals',
    async () => {
      const watcher = await enter(alice, boardId);
      channels.push({ client: alice.client, channel: watcher.channel });
      // A raw client whose TCP connection "dies": once seen, it stops answering the pings.
      const url = `${backend.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${backend.anonKey}&vsn=2.0.0`;
      const ws = new WebSocket(url, { autoPong: false });
      let answering = true;
      ws.on('ping', () => {
        if (answering) ws.pong();
      });
      await once(ws, 'open');
      const { data } = await bob.client.auth.getSession();
      const topic = `realtime:board:${boardId}`;
      const config = { private: true, presence: { key: bob.id, enabled: true } };
      ws.send(
        JSON.stringify([
          '1',
          '1',
          topic,
          'phx_join',
          { config, access_token: data.session?.access_token },
        ]),
      );
      ws.send(
        JSON.stringify([
          '1',
          '2',
          topic,
          'presence',
          { type: 'presence', event: 'track', payload: {} },
        ]),
      );
      await waitFor(() => watcher.who().includes(bob.id), 'alice to see the raw client');
      answering = false;
      const silentFrom = Date.now();
      await waitFor(() => !watcher.who().includes(bob.id), 'the dead connection to go', {
        timeoutMs: DEAD_SOCKET_BOUND_MS + 3000,
      });
      report('a connection that stopped answering pings was gone', Date.now() - silentFrom);
      expect(Date.now() - silentFrom).toBeLessThan(DEAD_SOCKET_BOUND_MS);
      ws.terminate();
    },
    DEAD_SOCKET_BOUND_MS + 30_000,
  );
});

// Several processes need a database they share: PostgreSQL only.
if (testDatabase === 'postgres')
  describe('presence across backend processes', () => {
    const fast = {
      realtimePingIntervalMs: PING_MS,
      realtimePresenceHeartbeatMs: HEARTBEAT_MS,
      realtimePresenceTtlMs: TTL_MS,
    };

    it(
      'shares state, joins and leaves, and expires a crashed process',
      async () => {
        const here = await startTestBackend(fast);
        const databaseUrl = here.backend.ctx.config.databaseUrl!;
        const there = await spawnBackend(databaseUrl, {
          REALTIME_PING_INTERVAL_MS: String(PING_MS),
          REALTIME_PRESENCE_HEARTBEAT_MS: String(HEARTBEAT_MS),
          REALTIME_PRESENCE_TTL_MS: String(TTL_MS),
        });
        try {
          const alice = await signUp(here.url, here.anonKey, 'Alice');
          const bobHere = await signUp(here.url, here.anonKey, 'Bob');
          const bob = {
            ...(await signIn(there.url, there.anonKey, bobHere.email)),
            email: bobHere.email,
          };
          const { boardId } = await createBoard(alice.client, [bob.id]);

          const onHere = await enter(alice, boardId, { name: 'Alice' });
          const enteredAt = Date.now();
          const onThere = await enter(bob, boardId, { name: 'Bob' });
          // State on join from the other process, and the join reaching this one.
          await waitFor(() => onThere.who().length === 2, 'bob (process 2) to see alice');
          expect(onThere.who()).toEqual(sorted(alice.id, bob.id));
          await waitFor(() => onHere.who().length === 2, 'alice (process 1) to see bob join');
          report(
            'a join on process 2 reached process 1 (join + track + delivery)',
            Date.now() - enteredAt,
          );
          const meta = onHere.channel.presenceState()[bob.id]?.[0] as Record<string, unknown>;
          expect(meta.name).toBe('Bob');

          // A clean leave on process 2 reaches process 1 at once.
          const untrackedAt = Date.now();
          await onThere.channel.untrack();
          await waitFor(() => onHere.who().length === 1, 'bob to leave on process 1', {
            timeoutMs: 2000,
          });
          report('a leave on process 2 reached process 1', Date.now() - untrackedAt);
          expect(await onThere.channel.track({ name: 'Bob' })).toBe('ok');
          await waitFor(() => onHere.who().length === 2, 'bob back on process 1');

          // Process 2 crashes: its entries expire on process 1 within TTL + one heartbeat.
          const crashedAt = Date.now();
          await there.crash();
          await waitFor(() => onHere.who().length === 1, 'the crashed process to be forgotten', {
            timeoutMs: CRASH_BOUND_MS + 5000,
          });
          report('a crashed process was forgotten by the other', Date.now() - crashedAt);
          expect(onHere.who()).toEqual([alice.id]);
          expect(Date.now() - crashedAt).toBeLessThan(CRASH_BOUND_MS);
          await alice.client.removeChannel(onHere.channel);
        } finally {
          await there.stop();
          await here.close();
        }
      },
      CRASH_BOUND_MS + 90_000,
    );
  });

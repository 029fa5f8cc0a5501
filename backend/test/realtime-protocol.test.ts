/**
 * The Phoenix channel protocol on /realtime/v1/websocket, frame by frame (a raw `ws` client
 * speaking serializer 2.0.0, as supabase-js does), and broadcast and presence through the real
 * supabase-js: heartbeats, joins and their binding ids, leaves, unmatched topics, and frames
 * that cannot be read, which get an error reply on a socket that stays open.
 */
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { SchemaCache } from '../src/db/schema-cache.ts';
import { presenceDiff } from '../src/realtime/presence.ts';
import { startTestBackend, type TestBackend } from './support/backend.ts';
import { joinChannel, waitFor as waitUntil } from './support/waiting.ts';

type Frame = [string | null, string | null, string, string, Record<string, unknown>];

let backend: TestBackend;
let socketUrl: string;

// Frames on a local socket: a shorter wait and a finer poll than the supabase-js tests.
const waitFor = <T>(read: () => T | undefined | false, what: string) =>
  waitUntil(read, what, { timeoutMs: 10_000, pollMs: 10 });

/** A raw socket with an inbox; `take` removes and returns the first frame that matches. */
const connect = async (query?: string) => {
  const ws = new WebSocket(`${socketUrl}?${query ?? `apikey=${backend.anonKey}&vsn=2.0.0`}`);
  const inbox: unknown[] = [];
  ws.on('message', (data, isBinary) => {
    const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data as ArrayBuffer);
    inbox.push(isBinary ? bytes : JSON.parse(bytes.toString('utf8')));
  });
  await once(ws, 'open');
  let ref = 0;
  return {
    ws,
    nextRef: () => String(++ref),
    send: (frame: unknown) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    take: async (match: (frame: Frame) => boolean, what: string): Promise<Frame> => {
      const index = await waitFor(() => {
        const i = inbox.findIndex((f) => Array.isArray(f) && match(f as Frame));
        return i >= 0 ? i : undefined;
      }, what);
      return inbox.splice(index, 1)[0] as Frame;
    },
    close: async () => {
      ws.close();
      if (ws.readyState !== WebSocket.CLOSED) await once(ws, 'close');
    },
  };
};
type RawClient = Awaited<ReturnType<typeof connect>>;

const replyTo = (ref: string) => (f: Frame) => f[1] === ref && f[3] === 'phx_reply';

const join = async (client: RawClient, topic: string, config: Record<string, unknown> = {}) => {
  const ref = client.nextRef();
  client.send([ref, ref, topic, 'phx_join', { config: { postgres_changes: [], ...config } }]);
  const reply = await client.take(replyTo(ref), `the reply to joining ${topic}`);
  return { joinRef: ref, reply: reply[4] };
};

const heartbeatWorks = async (client: RawClient) => {
  const ref = client.nextRef();
  client.send([null, ref, 'phoenix', 'heartbeat', {}]);
  const reply = await client.take(replyTo(ref), 'the heartbeat reply');
  return reply[4].status === 'ok';
};

beforeAll(async () => {
  backend = await startTestBackend();
  socketUrl = `${backend.url.replace(/^http/, 'ws')}/realtime/v1/websocket`;
});

afterAll(async () => {
  await backend?.close();
});

describe('the socket', () => {
  it('refuses a connection without a valid apikey', async () => {
    for (const query of ['vsn=2.0.0', 'apikey=forged&vsn=2.0.0']) {
      const ws = new WebSocket(`${socketUrl}?${query}`);
      ws.on('error', () => undefined);
      const [, response] = (await once(ws, 'unexpected-response')) as [
        unknown,
        { statusCode: number },
      ];
      expect(response.statusCode).toBe(401);
      ws.terminate();
    }
  });

  it('answers heartbeats on topic phoenix', async () => {
    const client = await connect();
    const ref = client.nextRef();
    client.send([null, ref, 'phoenix', 'heartbeat', {}]);
    expect(await client.take(replyTo(ref), 'the reply')).toEqual([
      null,
      ref,
      'phoenix',
      'phx_reply',
      { status: 'ok', response: {} },
    ]);
    await client.close();
  });

  it('answers frames it cannot read with an error, and stays open', async () => {
    const client = await connect();
    client.send('this is not json');
    client.send('{"an":"object"}');
    client.send([null, '7', 'realtime:room', 'phx_join', 'not an object']);
    client.ws.send(Buffer.from([9, 1, 2, 3]), { binary: true });
    client.ws.send(Buffer.from([3, 200, 200]), { binary: true });

    const malformed = (f: Frame) =>
      f[3] === 'phx_reply' &&
      String(f[4].response && (f[4].response as { reason?: string }).reason).startsWith(
        'malformed message',
      );
    const errors = [];
    for (let i = 0; i < 5; i++) errors.push(await client.take(malformed, `error reply ${i + 1}`));
    expect(errors.map((f) => f[4].status)).toEqual(['error', 'error', 'error', 'error', 'error']);
    // What could be read of a frame routes its reply: here the ref and topic of the bad join.
    expect(errors[2]!.slice(1, 3)).toEqual(['7', 'realtime:room']);

    expect(await heartbeatWorks(client)).toBe(true);
    const { reply } = await join(client, 'realtime:after-garbage');
    expect(reply.status).toBe('ok');
    await client.close();
  });

  it('speaks serializer 1.0.0 (JSON objects) to a client that asks for it', async () => {
    const ws = new WebSocket(`${socketUrl}?apikey=${backend.anonKey}&vsn=1.0.0`);
    await once(ws, 'open');
    ws.send(
      JSON.stringify({
        topic: 'phoenix',
        event: 'heartbeat',
        payload: {},
        ref: '1',
        join_ref: null,
      }),
    );
    const [data] = (await once(ws, 'message')) as [Buffer];
    expect(JSON.parse(data.toString())).toEqual({
      join_ref: null,
      ref: '1',
      topic: 'phoenix',
      event: 'phx_reply',
      payload: { status: 'ok', response: {} },
    });
    ws.close();
  });
});

describe('channels', () => {
  it('echoes postgres_changes bindings in order with integer ids, the same on every join', async () => {
    const client = await connect();
    const bindings = [
      { event: 'INSERT', schema: 'public', table: 'cards' },
      { event: '*', schema: 'public', table: 'cards', filter: 'priority=eq.high' },
      { event: 'DELETE', schema: 'public', table: 'lists' },
    ];
    const first = await join(client, 'realtime:ids', { postgres_changes: bindings });
    const echoed = (first.reply.response as { postgres_changes: Record<string, unknown>[] })
      .postgres_changes;
    expect(echoed.map(({ id: _id, ...rest }) => rest)).toEqual(bindings);
    expect(echoed.every((b) => Number.isInteger(b.id))).toBe(true);
    expect(new Set(echoed.map((b) => b.id)).size).toBe(3);
    const system = await client.take((f) => f[3] === 'system', 'the system message');
    expect(system).toEqual([
      first.joinRef,
      null,
      'realtime:ids',
      'system',
      {
        channel: 'ids',
        extension: 'postgres_changes',
        message: 'Subscribed to PostgreSQL',
        status: 'ok',
      },
    ]);

    // Joining the same topic again first closes the old channel, as Phoenix does.
    const second = await join(client, 'realtime:ids', { postgres_changes: bindings });
    const closed = await client.take((f) => f[3] === 'phx_close', 'the old channel to close');
    expect(closed.slice(0, 3)).toEqual([first.joinRef, first.joinRef, 'realtime:ids']);
    expect(second.reply.response).toEqual(first.reply.response);
    await client.close();
  });

  it('refuses a join beyond 100 channels on one socket; rejoining a held topic still works', async () => {
    const client = await connect();
    const topics = Array.from({ length: 100 }, (_, i) => `realtime:many-${i}`);
    for (const topic of topics) expect((await join(client, topic)).reply.status).toBe('ok');
    expect((await join(client, 'realtime:one-too-many')).reply).toMatchObject({
      status: 'error',
      response: { reason: 'ChannelRateLimitReached: Too many channels' },
    });
    expect((await join(client, topics[0]!)).reply.status).toBe('ok');
    await client.close();
  });

  it('re-checks the catalog cheaply for joins naming unknown tables, and re-reads it once a table appears', async () => {
    const refresh = vi.spyOn(SchemaCache.prototype, 'reload');
    const clients = await Promise.all(Array.from({ length: 10 }, () => connect()));
    const replies: Promise<Frame>[] = [];
    for (const [i, client] of clients.entries()) {
      const ref = client.nextRef();
      const binding = { event: '*', schema: 'public', table: `nope_${i}` };
      client.send([
        ref,
        ref,
        'realtime:nope',
        'phx_join',
        { config: { postgres_changes: [binding] } },
      ]);
      replies.push(client.take(replyTo(ref), 'the join reply'));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    for (const reply of await Promise.all(replies)) expect(reply[4].status).toBe('ok');
    // Re-checks start at most every 250 ms, and as nothing changed, none of them re-read the
    // whole catalog (the fingerprint matched).
    expect(refresh).not.toHaveBeenCalled();

    // Once the table exists and is published, the next join naming it finds it.
    await backend.db.exec(`
      create table public.rt_later (id int primary key);
      alter publication supabase_realtime add table public.rt_later;`);
    const client = clients[0]!;
    const ref = client.nextRef();
    const binding = { event: '*', schema: 'public', table: 'rt_later' };
    client.send([
      ref,
      ref,
      'realtime:later',
      'phx_join',
      { config: { postgres_changes: [binding] } },
    ]);
    expect((await client.take(replyTo(ref), 'the join reply'))[4].status).toBe('ok');
    const system = await client.take(
      (f) => f[3] === 'system' && f[2] === 'realtime:later',
      'the system message',
    );
    expect(system[4]).toMatchObject({ status: 'ok', message: 'Subscribed to PostgreSQL' });
    expect(refresh).toHaveBeenCalledTimes(1);
    refresh.mockRestore();
    await Promise.all(clients.map((c) => c.close()));
  });

  it('replies "unmatched topic" to a push on a channel that is not joined', async () => {
    const client = await connect();
    const ref = client.nextRef();
    client.send([null, ref, 'realtime:nowhere', 'access_token', { access_token: 'x' }]);
    expect((await client.take(replyTo(ref), 'the reply'))[4]).toEqual({
      status: 'error',
      response: { reason: 'unmatched topic' },
    });
    await client.close();
  });

  it('leaves with an ok reply and phx_close; the topic is then unmatched', async () => {
    const client = await connect();
    const { joinRef } = await join(client, 'realtime:leaving');
    const ref = client.nextRef();
    client.send([joinRef, ref, 'realtime:leaving', 'phx_leave', {}]);
    expect((await client.take(replyTo(ref), 'the leave reply'))[4].status).toBe('ok');
    const closed = await client.take((f) => f[3] === 'phx_close', 'phx_close');
    expect(closed).toEqual([joinRef, joinRef, 'realtime:leaving', 'phx_close', {}]);

    const after = client.nextRef();
    client.send([
      joinRef,
      after,
      'realtime:leaving',
      'broadcast',
      { type: 'broadcast', event: 'e', payload: {} },
    ]);
    expect((await client.take(replyTo(after), 'the reply'))[4].response).toEqual({
      reason: 'unmatched topic',
    });
    await client.close();
  });

  it('closes a channel whose token expires, with a system error first', async () => {
    const client = await connect();
    const token = await backend.backend.ctx.jwt.sign(
      { sub: randomUUID(), role: 'authenticated', aud: 'authenticated' },
      2,
    );
    const ref = client.nextRef();
    client.send([ref, ref, 'realtime:expiring', 'phx_join', { config: {}, access_token: token }]);
    expect((await client.take(replyTo(ref), 'the join reply'))[4].status).toBe('ok');

    const system = await client.take((f) => f[3] === 'system', 'the system message');
    expect(system).toEqual([
      ref,
      null,
      'realtime:expiring',
      'system',
      {
        channel: 'expiring',
        extension: 'system',
        message: 'InvalidJWTToken: Token has expired',
        status: 'error',
      },
    ]);
    const closed = await client.take((f) => f[3] === 'phx_close', 'phx_close');
    expect(closed).toEqual([ref, ref, 'realtime:expiring', 'phx_close', {}]);
    await client.close();
  });

  it('refuses a join with an invalid token or a malformed binding, with a reason', async () => {
    const client = await connect();
    const ref = client.nextRef();
    client.send([
      ref,
      ref,
      'realtime:t',
      'phx_join',
      { config: {}, access_token: 'eyJ.bad.token' },
    ]);
    const badToken = await client.take(replyTo(ref), 'the reply');
    expect(badToken[4]).toMatchObject({
      status: 'error',
      response: { reason: expect.stringMatching(/^InvalidJWTToken/) },
    });

    const { reply } = await join(client, 'realtime:b', {
      postgres_changes: [{ event: 'TRUNCATE', schema: 'public' }],
    });
    expect(reply).toMatchObject({
      status: 'error',
      response: { reason: expect.stringContaining('event') },
    });
    expect(await heartbeatWorks(client)).toBe(true);
    await client.close();
  });
  it('refuses a topic or presence key the database cannot store with a reason, never an internal error', async () => {
    const client = await connect();
    // A private topic is written into realtime.messages to check access; shared presence
    // writes topics, keys and metas on PostgreSQL. NUL and lone surrogates fit neither.
    for (const topic of ['realtime:board:\u0000x', 'realtime:\ud800', 'realtime:a\u0000']) {
      for (const config of [{ private: true }, {}]) {
        const { reply } = await join(client, topic, config);
        expect(reply, JSON.stringify(topic)).toEqual({
          status: 'error',
          response: {
            reason:
              'malformed message: topic must not contain NUL characters or unpaired surrogates',
          },
        });
      }
    }
    const badKey = await join(client, 'realtime:keys', { presence: { key: 'a\u0000b' } });
    expect(badKey.reply).toMatchObject({
      status: 'error',
      response: { reason: expect.stringMatching(/^malformed message: presence key must not/) },
    });
    const { joinRef } = await join(client, 'realtime:metas', { presence: { enabled: true } });
    const ref = client.nextRef();
    client.send([
      joinRef,
      ref,
      'realtime:metas',
      'presence',
      { type: 'presence', event: 'track', payload: { name: 'x\u0000y' } },
    ]);
    const track = await client.take(replyTo(ref), 'the reply to a NUL in a meta');
    expect(track[4]).toMatchObject({
      status: 'error',
      response: { reason: expect.stringMatching(/^malformed message: presence must not/) },
    });
    expect(await heartbeatWorks(client)).toBe(true);
    await client.close();
  });
});

describe('broadcast and presence through supabase-js', () => {
  const clients: SupabaseClient[] = [];
  const fresh = () => {
    const client = backend.client();
    clients.push(client);
    return client;
  };

  afterAll(async () => {
    for (const client of clients) await client.removeAllChannels();
  });

  it('relays broadcasts (JSON and binary) to the other clients, to the sender with self, acked with ack', async () => {
    const topic = `room-${randomUUID()}`;
    const received: Record<string, unknown>[] = [];
    const echoed: Record<string, unknown>[] = [];
    const receiver = fresh()
      .channel(topic)
      .on('broadcast', { event: '*' }, (message) => received.push(message));
    const sender = fresh()
      .channel(topic, { config: { broadcast: { self: true, ack: true } } })
      .on('broadcast', { event: 'cursor' }, (message) => echoed.push(message));
    await Promise.all([joinChannel(receiver), joinChannel(sender)]);

    expect(await sender.send({ type: 'broadcast', event: 'cursor', payload: { x: 1, y: 2 } })).toBe(
      'ok',
    );
    const bytes = new Uint8Array([1, 2, 250]).buffer;
    expect(await sender.send({ type: 'broadcast', event: 'bytes', payload: bytes })).toBe('ok');

    await waitFor(() => received.length >= 2, 'both broadcasts');
    expect(received[0]).toEqual({ type: 'broadcast', event: 'cursor', payload: { x: 1, y: 2 } });
    expect(received[1]).toMatchObject({ type: 'broadcast', event: 'bytes' });
    expect([...new Uint8Array(received[1]!.payload as ArrayBuffer)]).toEqual([1, 2, 250]);
    await waitFor(() => echoed.length >= 1, 'the echo to the sender');
    expect(echoed[0]).toEqual(received[0]);
  });

  it('tracks presence across clients: state on join, joins and leaves as diffs', async () => {
    const topic = `lobby-${randomUUID()}`;
    const first = fresh().channel(topic, { config: { presence: { key: 'anna' } } });
    const second = fresh().channel(topic, { config: { presence: { key: 'ben' } } });
    const leaves: string[] = [];
    first.on('presence', { event: 'sync' }, () => undefined);
    first.on('presence', { event: 'leave' }, ({ key }) => leaves.push(key));
    second.on('presence', { event: 'sync' }, () => undefined);
    await joinChannel(first);
    expect(await first.track({ name: 'Anna' })).toBe('ok');
    await joinChannel(second);
    expect(await second.track({ name: 'Ben' })).toBe('ok');

    const keys = (channel: RealtimeChannel) => Object.keys(channel.presenceState()).sort();
    await waitFor(() => keys(first).length === 2 && keys(second).length === 2, 'both presences');
    expect(keys(second)).toEqual(['anna', 'ben']);
    expect(first.presenceState().ben).toEqual([expect.objectContaining({ name: 'Ben' })]);

    expect(await second.untrack()).toBe('ok');
    await waitFor(() => leaves.includes('ben'), "Ben's leave");
    expect(keys(first)).toEqual(['anna']);
  });

  it('keeps presence working for everyone when a client picks the key __proto__ or constructor', async () => {
    const topic = `hall-${randomUUID()}`;
    const hostile = await connect();
    for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const { joinRef, reply } = await join(hostile, `realtime:${topic}`, {
        presence: { key, enabled: true },
      });
      expect(reply).toEqual({
        status: 'error',
        response: { reason: `malformed message: presence key "${key}" is reserved` },
      });
      // Tracking on the refused join is unmatched: the key never reaches the topic's state.
      const ref = hostile.nextRef();
      hostile.send([
        joinRef,
        ref,
        `realtime:${topic}`,
        'presence',
        { type: 'presence', event: 'track', payload: {} },
      ]);
      expect((await hostile.take(replyTo(ref), 'the reply to track'))[4]).toMatchObject({
        status: 'error',
      });
    }
    const first = fresh().channel(topic, { config: { presence: { key: 'anna' } } });
    const second = fresh().channel(topic, { config: { presence: { key: 'ben' } } });
    first.on('presence', { event: 'sync' }, () => undefined);
    second.on('presence', { event: 'sync' }, () => undefined);
    await Promise.all([joinChannel(first), joinChannel(second)]);
    expect(await first.track({ name: 'Anna' })).toBe('ok');
    expect(await second.track({ name: 'Ben' })).toBe('ok');
    const keys = (channel: RealtimeChannel) => Object.keys(channel.presenceState()).sort();
    await waitFor(
      () => keys(first).length === 2 && keys(second).length === 2,
      'both presences after the hostile keys',
    );
    await hostile.close();
  });

  it('groups entries in maps without a prototype, so no stored key finds an inherited member', () => {
    const entry = (key: string, ref: string) => ({ key, meta: { phx_ref: ref } });
    const after = new Map(
      [entry('__proto__', 'a'), entry('constructor', 'b'), entry('anna', 'c')].map((e) => [
        e.meta.phx_ref,
        e,
      ]),
    );
    const diff = presenceDiff(new Map(), after)!;
    expect(Object.keys(diff.joins).sort()).toEqual(['__proto__', 'anna', 'constructor']);
    expect(JSON.parse(JSON.stringify(diff.joins))).toEqual({
      ['__proto__']: { metas: [{ phx_ref: 'a' }] },
      constructor: { metas: [{ phx_ref: 'b' }] },
      anna: { metas: [{ phx_ref: 'c' }] },
    });
  });
});

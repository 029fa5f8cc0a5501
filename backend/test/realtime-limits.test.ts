/**
 * Realtime's per-connection limits, answered as hosted Realtime answers them: a join over
 * REALTIME_MAX_JOINS_PER_SECOND is refused with `ClientJoinRateLimitReached: Too many joins per
 * second` and the socket is closed (supabase-js reconnects with backoff); pushes over
 * REALTIME_MAX_MESSAGES_PER_SECOND end the socket's channels with a `system` error "Too many
 * messages per second" and `phx_close`, while heartbeats go on being answered.
 */
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadConfig } from '../src/config.ts';
import { useTestBackend } from './support/use-backend.ts';

type Frame = [string | null, string | null, string, string, Record<string, unknown>];

const backend = useTestBackend({
  realtimeMaxJoinsPerSecond: 5,
  realtimeMaxMessagesPerSecond: 10,
});

const connect = async () => {
  const ws = new WebSocket(
    `${backend.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${backend.anonKey}&vsn=2.0.0`,
  );
  const inbox: Frame[] = [];
  ws.on('message', (data) => inbox.push(JSON.parse(String(data)) as Frame));
  await once(ws, 'open');
  const until = async (match: (frame: Frame) => boolean, what: string) => {
    const deadline = Date.now() + 5000;
    for (;;) {
      const frame = inbox.find(match);
      if (frame) return frame;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  return { ws, inbox, until, send: (frame: unknown[]) => ws.send(JSON.stringify(frame)) };
};

describe('per-connection limits', () => {
  it('reads its limits from the environment', () => {
    const config = loadConfig({
      REALTIME_MAX_JOINS_PER_SECOND: '7',
      REALTIME_MAX_MESSAGES_PER_SECOND: '0',
    });
    expect(config.realtimeMaxJoinsPerSecond).toBe(7);
    expect(config.realtimeMaxMessagesPerSecond).toBe(0);
    expect(loadConfig({}).realtimeMaxJoinsPerSecond).toBe(100);
  });

  it('refuses a join over the limit as hosted Realtime does, and closes the socket', async () => {
    const client = await connect();
    const closed = once(client.ws, 'close');
    for (let i = 1; i <= 6; i++)
      client.send([String(i), String(i), `realtime:j${i}`, 'phx_join', {}]);
    const replies = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((i) =>
        client.until((f) => f[1] === String(i) && f[3] === 'phx_reply', `reply ${i}`),
      ),
    );
    expect(replies.slice(0, 5).map((f) => f[4].status)).toEqual(Array(5).fill('ok'));
    expect(replies[5]![4]).toEqual({
      status: 'error',
      response: { reason: 'ClientJoinRateLimitReached: Too many joins per second' },
    });
    await closed;
  });

  it('ends the channels of a socket that sends too many messages, and keeps the socket', async () => {
    const client = await connect();
    client.send([
      '1',
      '1',
      'realtime:chatty',
      'phx_join',
      { config: { broadcast: { ack: true } } },
    ]);
    await client.until((f) => f[1] === '1' && f[3] === 'phx_reply', 'the join reply');
    for (let i = 0; i < 12; i++) {
      client.send([
        '1',
        `b${i}`,
        'realtime:chatty',
        'broadcast',
        { type: 'broadcast', event: 'e', payload: {} },
      ]);
    }
    const system = await client.until((f) => f[3] === 'system', 'the system message');
    expect(system[4]).toMatchObject({
      extension: 'system',
      status: 'error',
      message: 'Too many messages per second',
    });
    await client.until((f) => f[3] === 'phx_close' && f[2] === 'realtime:chatty', 'phx_close');
    const acked = client.inbox.filter((f) => f[3] === 'phx_reply' && f[4].status === 'ok');
    expect(acked.length).toBeLessThanOrEqual(11); // the join and at most 10 broadcasts

    client.send([null, 'hb', 'phoenix', 'heartbeat', {}]);
    const beat = await client.until((f) => f[1] === 'hb', 'the heartbeat reply');
    expect(beat[4].status).toBe('ok');
    client.ws.close();
  });
});

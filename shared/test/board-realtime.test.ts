import { afterEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for supabase-js's realtime: channels by topic, driven by hand. */
const fake = vi.hoisted(() => {
  interface FakeChannel {
    topic: string;
    options: unknown;
    broadcast: ((message: { payload: Record<string, unknown> }) => void) | null;
    status: ((status: string) => void) | null;
    removed: boolean;
  }
  const channels: FakeChannel[] = [];
  const client = {
    realtime: { setAuth: () => Promise.resolve() },
    channel(topic: string, options: unknown) {
      const channel: FakeChannel = {
        topic,
        options,
        broadcast: null,
        status: null,
        removed: false,
      };
      channels.push(channel);
      const api = {
        on(type: string, _filter: unknown, callback: never) {
          if (type === 'broadcast') channel.broadcast = callback;
          return api;
        },
        subscribe(callback: (status: string) => void) {
          channel.status = callback;
          return api;
        },
        presenceState: () => ({}),
        track: () => Promise.resolve('ok'),
        fake: channel,
      };
      return api;
    },
    removeChannel(api: { fake: FakeChannel }) {
      api.fake.removed = true;
      return Promise.resolve('ok');
    },
  };
  return { channels, client };
});

vi.mock('../src/kernel/backend/supabase-client', () => ({ getSupabase: () => fake.client }));
vi.mock('../src/kernel/session/session', () => ({ currentUser: () => ({ id: 'user-1' }) }));

const { boardChanges } = await import('../src/features/board/board-realtime');
const { supabasePresence } = await import('../src/features/presence/presence-channel');

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const cardChange = (seq: number, title: string) => ({
  payload: {
    seq,
    schema: 'public',
    table: 'cards',
    operation: 'UPDATE',
    record: { id: 'c1', board_id: 'b1', title },
    old_record: { id: 'c1', board_id: 'b1', title: 'vorher' },
  },
});

afterEach(() => {
  fake.channels.length = 0;
});

describe("a board's changes over its private topic", () => {
  it('joins board:<id> privately and hands on whole rows in order', async () => {
    const events: unknown[] = [];
    const subscription = boardChanges('b1').subscribe((event) => events.push(event));
    await settle();
    const [channel] = fake.channels;
    expect(channel!.topic).toBe('board:b1');
    expect(channel!.options).toMatchObject({ config: { private: true } });
    channel!.status!('SUBSCRIBED');
    channel!.broadcast!(cardChange(7, 'eins'));
    channel!.broadcast!(cardChange(8, 'zwei'));
    expect(events).toEqual([
      { kind: 'status', status: 'SUBSCRIBED' },
      {
        kind: 'change',
        change: {
          table: 'cards',
          eventType: 'UPDATE',
          new: { id: 'c1', board_id: 'b1', title: 'eins' },
          old: { id: 'c1', board_id: 'b1', title: 'vorher' },
        },
      },
      expect.objectContaining({ kind: 'change' }),
    ]);
    subscription.unsubscribe();
    expect(channel!.removed).toBe(true);
  });

  it('reports a skipped sequence number as a gap, before the change that shows it', async () => {
    const kinds: string[] = [];
    const subscription = boardChanges('b1').subscribe((event) => kinds.push(event.kind));
    await settle();
    const [channel] = fake.channels;
    channel!.status!('SUBSCRIBED');
    channel!.broadcast!(cardChange(3, 'a'));
    channel!.broadcast!(cardChange(5, 'b'));
    // After a rejoin the count starts afresh: the snapshot loaded then holds what came before.
    channel!.status!('CHANNEL_ERROR');
    channel!.status!('SUBSCRIBED');
    channel!.broadcast!(cardChange(9, 'c'));
    expect(kinds).toEqual(['status', 'change', 'gap', 'change', 'status', 'status', 'change']);
    subscription.unsubscribe();
  });

  it('shares one channel with the board presence, left with the last of them', async () => {
    const subscription = boardChanges('b1').subscribe(() => undefined);
    const presence = supabasePresence('b1', 'user-1', () => undefined);
    await settle();
    expect(fake.channels.map((c) => c.topic)).toEqual(['board:b1']);
    expect(fake.channels[0]!.options).toMatchObject({
      config: { private: true, presence: { key: 'user-1' } },
    });
    subscription.unsubscribe();
    expect(fake.channels[0]!.removed).toBe(false);
    presence.close();
    expect(fake.channels[0]!.removed).toBe(true);
  });
});

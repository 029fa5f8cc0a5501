import { BehaviorSubject } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for supabase-js's realtime: channels by topic, driven by hand. */
const fake = vi.hoisted(() => {
  interface FakeChannel {
    topic: string;
    options: unknown;
    bindings: string[];
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
        bindings: [],
        broadcast: null,
        status: null,
        removed: false,
      };
      channels.push(channel);
      const api = {
        on(type: string, _filter: unknown, callback: never) {
          channel.bindings.push(type);
          if (type === 'broadcast') channel.broadcast = callback;
          return api;
        },
        subscribe(callback: (status: string) => void) {
          channel.status = callback;
          return api;
        },
        presenceState: () => ({}),
        fake: channel,
      };
      return api;
    },
    removeChannel(api: { fake: FakeChannel }) {
      api.fake.removed = true;
      api.fake.status?.('CLOSED');
      return Promise.resolve('ok');
    },
  };
  return { channels, client };
});

vi.mock('../src/kernel/backend/supabase-client', () => ({ getSupabase: () => fake.client }));
vi.mock('../src/kernel/session/session', () => ({ currentUser: () => ({ id: 'user-1' }) }));

const { myTaskChanges, myTaskSignalOf } = await import('../src/features/my-tasks/my-tasks-changes');
const { boardChanges } = await import('../src/features/board/board-realtime');
const { MyTasksStore } = await import('../src/features/my-tasks/my-tasks-store');
const { myTaskRow } = await import('../src/testing/my-task-row');

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const message = (seq: number, table: string, operation: string, record: object, old = {}) => ({
  payload: { seq, schema: 'public', table, operation, record, old_record: old },
});

const channelOf = (topic: string) => {
  const channel = fake.channels.find((c) => c.topic === topic && !c.removed);
  if (!channel) throw new Error(`no channel ${topic}`);
  return channel;
};

afterEach(() => {
  fake.channels.length = 0;
});

describe("a board's broadcast as a signal for 'Meine Aufgaben'", () => {
  it('carries the whole row, and for a delete the row as it was', () => {
    expect(
      myTaskSignalOf({
        seq: 4,
        schema: 'public',
        table: 'card_assignees',
        operation: 'DELETE',
        record: null,
        old_record: { card_id: 'c1', user_id: 'user-1' },
      }),
    ).toEqual({
      kind: 'change',
      table: 'card_assignees',
      row: { card_id: 'c1', user_id: 'user-1' },
      event: 'DELETE',
    });
    expect(
      myTaskSignalOf({
        seq: 5,
        table: 'cards',
        operation: 'UPDATE',
        record: { id: 'c1', title: 'neu', due_date: null },
        old_record: { id: 'c1', title: 'alt', due_date: '2026-11-23' },
      }),
    ).toEqual({
      kind: 'change',
      table: 'cards',
      row: { id: 'c1', title: 'neu', due_date: null },
      event: 'UPDATE',
    });
  });

  it('leaves out the tables my_tasks() does not read', () => {
    for (const table of ['card_comments', 'card_tags', 'board_labels', 'board_members', undefined])
      expect(
        myTaskSignalOf({ seq: 1, table, operation: 'INSERT', record: { id: 'x' } }),
      ).toBeNull();
  });
});

describe("'Meine Aufgaben' over the boards' private topics", () => {
  it('joins board:<id> of every board privately, with no postgres_changes binding', async () => {
    const signals: unknown[] = [];
    const subscription = myTaskChanges('user-1', new BehaviorSubject(['b1', 'b2'])).subscribe(
      (signal) => signals.push(signal),
    );
    await settle();
    expect(fake.channels.map((c) => c.topic)).toEqual(['board:b1', 'board:b2']);
    for (const channel of fake.channels) {
      expect(channel.options).toMatchObject({ config: { private: true } });
      expect(channel.bindings).not.toContain('postgres_changes');
    }
    channelOf('board:b1').status!('SUBSCRIBED');
    // One board joined is not yet all of them.
    expect(signals).toEqual([]);
    channelOf('board:b2').status!('SUBSCRIBED');
    channelOf('board:b2').broadcast!(message(1, 'cards', 'UPDATE', { id: 'c1', title: 'x' }));
    channelOf('board:b2').broadcast!(message(2, 'card_comments', 'INSERT', { id: 'k1' }));
    expect(signals).toEqual([
      { kind: 'status', status: 'SUBSCRIBED' },
      { kind: 'change', table: 'cards', row: { id: 'c1', title: 'x' }, event: 'UPDATE' },
    ]);
    subscription.unsubscribe();
    expect(fake.channels.every((c) => c.removed)).toBe(true);
  });

  it('reports a lost channel, then SUBSCRIBED once every board is joined again, and a gap', async () => {
    const kinds: unknown[] = [];
    const subscription = myTaskChanges('user-1', new BehaviorSubject(['b1', 'b2'])).subscribe(
      (signal) => kinds.push(signal.kind === 'status' ? signal.status : signal.kind),
    );
    await settle();
    channelOf('board:b1').status!('SUBSCRIBED');
    channelOf('board:b2').status!('SUBSCRIBED');
    channelOf('board:b1').broadcast!(message(3, 'cards', 'UPDATE', { id: 'c1' }));
    channelOf('board:b1').broadcast!(message(5, 'cards', 'UPDATE', { id: 'c1' }));
    channelOf('board:b1').status!('CHANNEL_ERROR');
    channelOf('board:b2').status!('CHANNEL_ERROR');
    channelOf('board:b1').status!('SUBSCRIBED');
    channelOf('board:b2').status!('SUBSCRIBED');
    // After a rejoin the count starts afresh (the load after the join holds what came before).
    channelOf('board:b1').broadcast!(message(9, 'cards', 'UPDATE', { id: 'c1' }));
    expect(kinds).toEqual([
      'SUBSCRIBED',
      'change',
      'gap',
      'change',
      'CHANNEL_ERROR',
      'SUBSCRIBED',
      'change',
    ]);
    subscription.unsubscribe();
  });

  it("shares an open board's channel, which stays while the board store is on it", async () => {
    const board = boardChanges('b1').subscribe(() => undefined);
    const tasks = myTaskChanges('user-1', new BehaviorSubject(['b1'])).subscribe(() => undefined);
    await settle();
    expect(fake.channels.map((c) => c.topic)).toEqual(['board:b1']);
    tasks.unsubscribe();
    expect(fake.channels[0]!.removed).toBe(false);
    board.unsubscribe();
    expect(fake.channels[0]!.removed).toBe(true);
  });

  it('follows a board added while open and loads the tasks again once it is joined; leaves a board gone', async () => {
    vi.useFakeTimers();
    try {
      const boards = new BehaviorSubject<readonly string[]>(['b1']);
      const fetchMyTasks = vi.fn(() => Promise.resolve([myTaskRow(null)]));
      const store = new MyTasksStore(
        { fetchMyTasks, changes: (userId) => myTaskChanges(userId, boards) },
        { refetchDebounceMs: 10 },
      );
      store.start('user-1');
      await vi.advanceTimersByTimeAsync(0);
      channelOf('board:b1').status!('SUBSCRIBED');
      expect(fetchMyTasks).toHaveBeenCalledTimes(1);

      boards.next(['b1', 'b2']);
      await vi.advanceTimersByTimeAsync(0);
      expect(fetchMyTasks).toHaveBeenCalledTimes(1);
      channelOf('board:b2').status!('SUBSCRIBED');
      await vi.advanceTimersByTimeAsync(0);
      expect(fetchMyTasks).toHaveBeenCalledTimes(2);
      // Its assignments are heard from now on.
      channelOf('board:b2').broadcast!(
        message(1, 'card_assignees', 'INSERT', { card_id: 'c9', user_id: 'user-1' }),
      );
      await vi.advanceTimersByTimeAsync(20);
      expect(fetchMyTasks).toHaveBeenCalledTimes(3);

      // The board of a task shown goes (removal, deletion, archive): its topic is left and the
      // tasks are loaded again.
      const b1 = channelOf('board:b1');
      boards.next(['b2']);
      await vi.advanceTimersByTimeAsync(20);
      expect(b1.removed).toBe(true);
      expect(fetchMyTasks).toHaveBeenCalledTimes(4);
      store.stop();
      expect(fake.channels.every((c) => c.removed)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

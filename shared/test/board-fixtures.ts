import { Subject } from 'rxjs';
import type { BoardChannelEvent, ChannelStatus } from '../src/features/board/board-realtime';
import type { BoardGateway } from '../src/features/board/board-gateway';
import type { RowChange } from '../src/features/board/row-change';
import { ApiError } from '../src/kernel/backend/api-error';
import type { BoardSnapshot, Card } from '../src/domain/types';
import { newCard, newMember, newRow } from '../src/domain/new-rows';
import type { Connection } from '../src/kernel/backend/connection';
import { BoardStore, selectCardsByList } from './store-harness';

export const boardId = 'b1';

export const card = (id: string, listId: string, position: number, extra: Partial<Card> = {}) =>
  newCard({
    id,
    list_id: listId,
    board_id: boardId,
    title: `Karte ${id}`,
    position,
    created_at: `2025-01-01T00:00:0${position % 10}Z`,
    ...extra,
  });

const at = (second: number) => `2025-01-01T00:00:0${second}Z`;

export const snapshot = (): BoardSnapshot => ({
  board: newRow('boards', { id: boardId, title: 'Produkt', owner_id: 'u1', created_at: at(0) }),
  members: [
    newMember({
      id: 'm1',
      board_id: boardId,
      user_id: 'u1',
      role: 'owner',
      created_at: at(0),
      profile: { id: 'u1', full_name: 'Anna Schmidt', email: 'anna@example.de' },
    }),
  ],
  labels: [],
  lists: [
    newRow('lists', {
      id: 'l1',
      board_id: boardId,
      title: 'Zu erledigen',
      position: 1024,
      created_at: at(0),
    }),
    newRow('lists', {
      id: 'l2',
      board_id: boardId,
      title: 'Erledigt',
      position: 2048,
      created_at: at(1),
    }),
  ],
  cards: [card('c1', 'l1', 1024), card('c2', 'l1', 2048)],
});

export const change = (
  table: RowChange['table'],
  eventType: RowChange['eventType'],
  row: object,
): RowChange =>
  eventType === 'DELETE'
    ? { table, eventType, new: {}, old: { ...row } }
    : { table, eventType, new: { ...row }, old: {} };

/** A controllable deferred promise, so a test decides when the server answers. */
export const deferred = <T>() => {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

export const refused = () => new ApiError('new row violates row-level security policy', '42501');
export const failed = () => new ApiError('server error', 'XX000');

/** A gateway whose realtime stream and write answers the test drives by hand. */
export const fakeGateway = (initial: BoardSnapshot | null = snapshot()) => {
  const realtime = new Subject<BoardChannelEvent>();
  // One answer per snapshot request, in order; the test decides when and with what each comes.
  const snapshotAnswers: ReturnType<typeof deferred<BoardSnapshot | null>>[] = [];
  const calls: { name: string; args: unknown[] }[] = [];
  const answers = new Map<string, (args: unknown[]) => Promise<unknown>>();
  const api = new Proxy(
    {},
    {
      get:
        (_target, name: string) =>
        (...args: unknown[]) => {
          calls.push({ name, args });
          const answer = answers.get(name);
          if (answer) return answer(args);
          // By default the server agrees and answers with the row it was sent.
          if (typeof args[0] === 'string' && typeof args[1] === 'object') {
            return Promise.resolve({ id: args[0], ...(args[1] as object) });
          }
          return Promise.resolve(typeof args[0] === 'object' ? args[0] : undefined);
        },
    },
  );
  const gateway: BoardGateway = {
    fetchSnapshot: () => {
      const answer = deferred<BoardSnapshot | null>();
      snapshotAnswers.push(answer);
      return answer.promise;
    },
    changes: () => realtime.asObservable(),
    fetchProfile: async (id) => ({ id, full_name: 'Neu Mitglied', email: 'neu@example.de' }),
    fetchRow: (table, id) =>
      (answers.get('fetchRow')?.([table, id]) ?? Promise.resolve(null)) as Promise<Record<
        string,
        unknown
      > | null>,
    currentUserId: () => 'u1',
    api: api as BoardGateway['api'],
  };
  return {
    gateway,
    calls,
    /** Lets the named write answer with whatever the function returns (or throws). */
    answer: (name: string, fn: (args: unknown[]) => Promise<unknown>) => answers.set(name, fn),
    /** Answers the latest snapshot request (the initial board unless told otherwise). */
    loadSnapshot: async (answer: BoardSnapshot | null = initial) => {
      snapshotAnswers.at(-1)?.resolve(answer);
      await Promise.resolve();
      await Promise.resolve();
    },
    failSnapshot: async () => {
      snapshotAnswers.at(-1)?.reject(failed());
      await Promise.resolve();
      await Promise.resolve();
    },
    /** How many times the store asked for the whole board. */
    snapshotRequests: () => snapshotAnswers.length,
    push: (rowChange: RowChange) => realtime.next({ kind: 'change', change: rowChange }),
    status: (status: ChannelStatus) => realtime.next({ kind: 'status', status }),
  };
};

/**
 * A store on a fresh fake gateway with the fixture board loaded; `connection` is the one the
 * store reports to (its own when none is given, as in the app).
 */
export const openLoadedStore = async (connection?: Connection) => {
  const fake = fakeGateway();
  const store = new BoardStore(fake.gateway, connection);
  store.open(boardId);
  await fake.loadSnapshot();
  return { fake, store };
};

/** The titles of a list's cards as the board shows them, in position order. */
export const titlesIn = (store: BoardStore, listId: string) =>
  (selectCardsByList(store.getState().data!)[listId] ?? []).map((c) => c.title);

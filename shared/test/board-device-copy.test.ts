// The device's copy of the boards (features/board/device-copy.ts, kernel/offline/
// snapshot-cache.ts): a board opened once paints from the device on the next visit before the
// server answers, and without a server at all; the snapshot then replaces it; a board the server
// no longer gives the user is dropped from the device; a copy of another version is never
// shown; the device keeps the last five boards per user, and sign-out forgets them.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Connection } from '../src/kernel/backend/connection';
import { deviceCopy } from '../src/features/board/device-copy';
import {
  dropBoards,
  forgetCopies,
  KEEP_BOARDS,
  readCopy,
  writeCopy,
} from '../src/kernel/offline/snapshot-cache';
import { createMemoryGateway, sampleBoardSnapshot, type MemoryGateway } from '../src/testing';
import { BoardStore } from './store-harness';
import { titlesIn } from './board-fixtures';

const stores: BoardStore[] = [];

/** A page of the app: the board store over `memory`, with the device's copy. */
const page = (memory: MemoryGateway, fetchSnapshot = memory.gateway.fetchSnapshot) => {
  const store = new BoardStore({ ...memory.gateway, fetchSnapshot, copy: deviceCopy });
  stores.push(store);
  return store;
};

const never = () => new Promise<never>(() => undefined);

/** A first visit: the board loaded from the server, and kept. */
const visitOnline = async (memory: MemoryGateway) => {
  const store = page(memory);
  store.open('board-1');
  await vi.waitFor(() => expect(store.getState().status).toBe('ready'));
  const userId = memory.gateway.currentUserId() as string;
  await vi.waitFor(async () => expect(await deviceCopy.board(userId, 'board-1')).not.toBeNull());
  store.close();
  return userId;
};

afterEach(async () => {
  for (const store of stores.splice(0)) store.close();
  await forgetCopies('user-1');
  await forgetCopies('user-anna');
  await forgetCopies('user-2');
  localStorage.clear();
});

describe('a board the device kept', () => {
  it('paints on the next visit before the snapshot answers, then takes the snapshot', async () => {
    const first = createMemoryGateway(sampleBoardSnapshot());
    const userId = await visitOnline(first);
    // The next visit: the server's board has changed meanwhile, and answers late.
    const changed = sampleBoardSnapshot();
    changed.cards = changed.cards.filter((card) => card.id !== 'card-music');
    let answer: (snapshot: typeof changed) => void = () => undefined;
    const later = createMemoryGateway(changed, userId);
    const store = page(later, () => new Promise((resolve) => (answer = resolve)));
    store.open('board-1');
    await vi.waitFor(() => expect(store.getState().status).toBe('ready'));
    expect(titlesIn(store, 'list-todo')).toContain('Musik organisieren');
    answer(changed);
    await vi.waitFor(() =>
      expect(titlesIn(store, 'list-todo')).not.toContain('Musik organisieren'),
    );
  });

  it('paints without a server, and an edit made then waits for it', async () => {
    const userId = await visitOnline(createMemoryGateway(sampleBoardSnapshot()));
    const offline = createMemoryGateway(sampleBoardSnapshot(), userId);
    offline.disconnect();
    const connection = new Connection();
    const store = new BoardStore({ ...offline.gateway, copy: deviceCopy }, connection);
    stores.push(store);
    store.open('board-1');
    await vi.waitFor(() => expect(store.getState().status).toBe('ready'));
    expect(connection.get()).toBe('offline');
    await store.addCard('list-todo', 'Ohne Netz');
    expect(titlesIn(store, 'list-todo')).toContain('Ohne Netz');
    expect(offline.calls).toEqual([]);
    await store.forgetDevice();
  });

  it('is dropped when the server no longer gives it to the user', async () => {
    const userId = await visitOnline(createMemoryGateway(sampleBoardSnapshot()));
    const store = page(createMemoryGateway(null, userId));
    store.open('board-1');
    await vi.waitFor(() => expect(store.getState().status).toBe('notFound'));
    await vi.waitFor(async () => expect(await deviceCopy.board(userId, 'board-1')).toBeNull());
    // Nothing is shown from the device on the visit after.
    const next = page(createMemoryGateway(sampleBoardSnapshot(), userId), never);
    next.open('board-1');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(next.getState().status).toBe('loading');
  });

  it('is forgotten on sign-out', async () => {
    const memory = createMemoryGateway(sampleBoardSnapshot());
    const userId = await visitOnline(memory);
    await page(memory).forgetDevice();
    expect(await deviceCopy.board(userId, 'board-1')).toBeNull();
  });
});

describe('the device copy store', () => {
  it('shows a copy only to its own version, and drops one of another', async () => {
    await writeCopy('v1', { a: 1 }, 'user-1', 'board-1');
    expect(await readCopy('v1', 'user-1', 'board-1')).toEqual({ a: 1 });
    expect(await readCopy('v2', 'user-1', 'board-1')).toBeNull();
    expect(await readCopy('v1', 'user-1', 'board-1')).toBeNull();
  });

  it('keeps each user apart, and the last five boards of each', async () => {
    for (let i = 1; i <= KEEP_BOARDS + 2; i += 1) {
      await writeCopy('v1', { i }, 'user-1', `board-${i}`);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await writeCopy('v1', { other: true }, 'user-2', 'board-1');
    expect(await readCopy('v1', 'user-1', 'board-1')).toBeNull();
    expect(await readCopy('v1', 'user-1', 'board-2')).toBeNull();
    expect(await readCopy('v1', 'user-1', 'board-3')).toEqual({ i: 3 });
    expect(await readCopy('v1', 'user-1', `board-${KEEP_BOARDS + 2}`)).toEqual({ i: 7 });
    expect(await readCopy('v1', 'user-2', 'board-1')).toEqual({ other: true });
  });

  it('keeps a board without reading the kept boards back (a 10,000-card board each time)', async () => {
    await writeCopy('v1', { big: true }, 'user-1', 'board-1');
    const readBack = [
      vi.spyOn(IDBIndex.prototype, 'getAll'),
      vi.spyOn(IDBObjectStore.prototype, 'getAll'),
      vi.spyOn(IDBIndex.prototype, 'openCursor'),
      vi.spyOn(IDBObjectStore.prototype, 'openCursor'),
    ];
    await writeCopy('v1', { i: 2 }, 'user-1', 'board-2');
    for (const spy of readBack) expect(spy).not.toHaveBeenCalled();
    vi.restoreAllMocks();
    expect(await readCopy('v1', 'user-1', 'board-1')).toEqual({ big: true });
  });

  it('drops the boards a new list no longer names, and keeps the list', async () => {
    await writeCopy('v1', { i: 1 }, 'user-1', 'board-1');
    await writeCopy('v1', { i: 2 }, 'user-1', 'board-2');
    await writeCopy('v1', ['board-2'], 'user-1');
    await dropBoards('user-1', ['board-2'], true);
    expect(await readCopy('v1', 'user-1', 'board-1')).toBeNull();
    expect(await readCopy('v1', 'user-1', 'board-2')).toEqual({ i: 2 });
    expect(await readCopy('v1', 'user-1')).toEqual(['board-2']);
  });
});

// The board store while the backend is away: edits stay on screen and wait, in order,
// for the connection; refusals still roll back with the German message.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Connection } from '../src/kernel/backend/connection';
import { BoardsStore } from '../src/features/boards/boards-store';
import { RETRY_MS } from '../src/features/board/board-outbox';
import { ApiError } from '../src/kernel/backend/api-error';
import { createMemoryGateway, sampleBoardSnapshot, type MemoryGateway } from '../src/testing';
import { BoardStore, getToastsForTest } from './store-harness';
import { card, openLoadedStore, snapshot, titlesIn } from './board-fixtures';

/** What supabase-js answers when fetch throws. */
const unreachable = () => new ApiError('TypeError: Failed to fetch', null, 0);

const errorToasts = () =>
  getToastsForTest()
    .filter((toast) => toast.tone === 'error')
    .map((toast) => toast.message);

/** Lets the store's chain of answers run (each queued edit waits for the one before). */
const settle = async () => {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
};

let memory: MemoryGateway;
let connection: Connection;
let store: BoardStore;

beforeEach(async () => {
  memory = createMemoryGateway(sampleBoardSnapshot());
  connection = new Connection();
  store = new BoardStore(memory.gateway, connection);
  store.open('board-1');
  await settle();
  memory.reconnect();
});

afterEach(() => {
  store.close();
  vi.useRealTimers();
});

describe('when the backend goes away', () => {
  it('says so as soon as the realtime channel errors, without any edit', () => {
    expect(connection.get()).toBe('online');
    memory.disconnect();
    expect(connection.get()).toBe('offline');
    expect(store.getState().status).toBe('ready');
  });

  it('keeps an edit on screen instead of rolling it back, and sends nothing yet', async () => {
    memory.disconnect();
    expect(await store.updateCard('card-music', { title: 'Band buchen' })).toBe(true);
    expect(titlesIn(store, 'list-todo')).toEqual(['Getränke bestellen', 'Band buchen']);
    expect(memory.calls).toEqual([]);
    expect(errorToasts()).toEqual([]);
  });

  it('notices it from a failed request alone, and keeps that edit too', async () => {
    // The socket has not noticed yet: the request is the first witness.
    const own = new Connection();
    const { fake, store: other } = await openLoadedStore(own);
    fake.answer('deleteCardRow', () => Promise.reject(unreachable()));
    expect(await other.deleteCard('c2')).toBe(true);
    expect(own.get()).toBe('offline');
    expect(titlesIn(other, 'l1')).toEqual(['Karte c1']);
    expect(errorToasts()).toEqual([]);
    other.close();
  });

  it('opens a card created offline and queues its later edits behind it', async () => {
    memory.disconnect();
    const id = await store.addCard('list-done', 'Aufräumen');
    expect(id).not.toBeNull();
    await store.updateCard(id!, { description: 'Nach dem Fest' });
    expect(store.getState().data!.cards[id!]).toMatchObject({
      title: 'Aufräumen',
      description: 'Nach dem Fest',
    });
    expect(memory.calls).toEqual([]);
  });
});

describe('when the backend returns', () => {
  it('sends the waiting edits in the order they were made, once the channel rejoins', async () => {
    memory.disconnect();
    const id = await store.addCard('list-done', 'Aufräumen');
    await store.updateCard(id!, { description: 'Nach dem Fest' });
    await store.updateCard('card-music', { priority: 'high' });
    memory.reconnect();
    await settle();
    expect(memory.calls.map((call) => call.name)).toEqual([
      'insertCard',
      'updateCardRow',
      'updateCardRow',
    ]);
    expect(memory.calls[1]!.args).toEqual([id, { description: 'Nach dem Fest', version: 1 }]);
    expect(connection.get()).toBe('online');
    expect(titlesIn(store, 'list-done')).toEqual(['Ort reservieren', 'Aufräumen']);
    expect(store.getState().data!.cards['card-music']!.priority).toBe('high');
    expect(errorToasts()).toEqual([]);
  });

  it('tries again by itself when requests get through before the socket is back', async () => {
    vi.useFakeTimers();
    memory.disconnect();
    await store.updateCard('card-music', { title: 'Band buchen' });
    memory.answerRequests();
    await vi.advanceTimersByTimeAsync(RETRY_MS);
    expect(memory.calls.map((call) => call.name)).toEqual(['updateCardRow']);
    // The answer came to a request sent after the socket broke: the backend is back.
    expect(connection.get()).toBe('online');
    expect(titlesIn(store, 'list-todo')).toEqual(['Getränke bestellen', 'Band buchen']);
  });

  it('still rolls back an edit the server refuses then, with the German message', async () => {
    memory.disconnect();
    await store.deleteCard('card-venue');
    await store.updateCard('card-music', { title: 'Band buchen' });
    memory.refuse('deleteCardRow');
    memory.reconnect();
    await settle();
    expect(titlesIn(store, 'list-done')).toEqual(['Ort reservieren']);
    expect(errorToasts()).toContain('Dafür fehlen Ihnen die Rechte.');
    // The refusal does not hold up the edits behind it.
    expect(memory.calls.map((call) => call.name)).toEqual(['deleteCardRow', 'updateCardRow']);
    expect(titlesIn(store, 'list-todo')).toEqual(['Getränke bestellen', 'Band buchen']);
  });

  it('shows a board that could not load while it was away', async () => {
    const other = new BoardStore(memory.gateway, new Connection());
    memory.disconnect();
    other.open('board-1');
    await settle();
    expect(other.getState().status).toBe('error');
    memory.reconnect();
    await settle();
    expect(other.getState().status).toBe('ready');
    expect(titlesIn(other, 'list-done')).toEqual(['Ort reservieren']);
    other.close();
  });
});

describe('while online', () => {
  it('rolls a refused edit back at once and stays online', async () => {
    memory.refuse('updateCardRow');
    expect(await store.updateCard('card-music', { title: 'Verboten' })).toBe(false);
    expect(titlesIn(store, 'list-todo')).toEqual(['Getränke bestellen', 'Musik organisieren']);
    expect(errorToasts()).toContain('Dafür fehlen Ihnen die Rechte.');
    expect(connection.get()).toBe('online');
  });
});

describe('an insert whose answer was lost', () => {
  it('counts as sent when the retry meets its own row', async () => {
    const own = new Connection();
    const { fake, store: other } = await openLoadedStore(own);
    let attempts = 0;
    fake.answer('insertCard', async () => {
      attempts += 1;
      // The first attempt was stored, but the backend died before it answered.
      if (attempts === 1) throw unreachable();
      throw new ApiError('duplicate key value violates unique constraint', '23505', 409);
    });
    fake.status('CHANNEL_ERROR');
    const before = getToastsForTest().length;
    const id = await other.addCard('l2', 'Angekommen');
    expect(id).not.toBeNull();
    fake.status('SUBSCRIBED');
    await settle();
    expect(attempts).toBe(2);
    expect(getToastsForTest()).toHaveLength(before);
    // The resync after the rejoin shows the row the first attempt stored.
    const stored = snapshot();
    stored.cards.push(card(id!, 'l2', 1024, { title: 'Angekommen' }));
    await fake.loadSnapshot(stored);
    expect(titlesIn(other, 'l2')).toEqual(['Angekommen']);
    other.close();
  });
});

describe('the boards list while the backend is away', () => {
  it('refuses a new board in words that name the connection', async () => {
    const boards = new BoardsStore({
      fetchMyBoards: async () => [],
      insertBoard: () => Promise.reject(unreachable()),
      deleteBoardRow: async () => undefined,
      setBoardArchived: async () => undefined,
    });
    expect(await boards.create('Herbstfest')).toBeNull();
    expect(errorToasts()).toContain(
      'Keine Verbindung zum Server. Bitte versuchen Sie es erneut, sobald sie wieder steht.',
    );
  });
});

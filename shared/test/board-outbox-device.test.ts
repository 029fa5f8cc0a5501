// The outbox on the device and row versions: edits that wait for the connection are kept in
// IndexedDB and sent after a reload in the order made, with the ids they made; a waiting edit of
// a row someone else changed meanwhile is a conflict the user settles, unless the other change
// touched other columns; sign-out forgets the device's copy.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Connection } from '../src/kernel/backend/connection';
import { createMemoryGateway, sampleBoardSnapshot, type MemoryGateway } from '../src/testing';
import { BoardStore } from './store-harness';
import { titlesIn } from './board-fixtures';

let memory: MemoryGateway;
let store: BoardStore;

const opened = async (gateway: MemoryGateway): Promise<BoardStore> => {
  const next = new BoardStore(gateway.gateway, new Connection());
  next.open('board-1');
  await vi.waitFor(() => expect(next.getState().status).toBe('ready'));
  gateway.reconnect();
  return next;
};

/** Everything stored so far: each waiting edit's record is written. */
const storedCount = (of: BoardStore) => of.unsentEdits();

beforeEach(async () => {
  memory = createMemoryGateway(sampleBoardSnapshot());
  store = await opened(memory);
});

afterEach(async () => {
  await store.forgetDevice();
  store.close();
});

describe('the outbox on the device', () => {
  it('sends the edits made offline after a reload, in order, with the ids they made', async () => {
    memory.disconnect();
    const id = await store.addCard('list-done', 'Aufräumen');
    await store.updateCard('card-music', { title: 'Band buchen' });
    await vi.waitFor(async () => expect(await storedCount(store)).toBe(2));
    expect(memory.calls).toEqual([]);
    // The page goes; a new one opens the board on a backend that answers.
    store.close();
    const later = createMemoryGateway(sampleBoardSnapshot());
    store = await opened(later);
    await vi.waitFor(() => expect(later.calls).toHaveLength(2));
    expect(later.calls.map((call) => [call.name, call.args[0]])).toEqual([
      ['insertCard', expect.objectContaining({ id, title: 'Aufräumen' })],
      ['updateCardRow', 'card-music'],
    ]);
    expect(later.calls[1]!.args[1]).toEqual({ title: 'Band buchen', version: 1 });
    expect(titlesIn(store, 'list-done')).toEqual(['Ort reservieren', 'Aufräumen']);
    // Sent: nothing waits on the device any more.
    await vi.waitFor(async () => expect(await storedCount(store)).toBe(0));
  });

  it('counts the waiting edits, and forgets them on sign-out', async () => {
    memory.disconnect();
    await store.updateCard('card-music', { title: 'Band buchen' });
    await store.updateCard('card-venue', { priority: 'high' });
    await vi.waitFor(async () => expect(await store.unsentEdits()).toBe(2));
    expect(store.hasUnsent).toBe(true);
    await store.forgetDevice();
    store.close();
    const later = createMemoryGateway(sampleBoardSnapshot());
    store = await opened(later);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(later.calls).toEqual([]);
  });
});

describe('row versions', () => {
  /** The user edits offline; meanwhile another member changes the same card. */
  const clash = async (theirs: object) => {
    memory.disconnect();
    await store.updateCard('card-music', { title: 'Band buchen' });
    memory.answerRequests();
    await memory.gateway.api.updateCardRow('card-music', theirs);
    memory.calls.length = 0;
    memory.reconnect();
  };

  it('asks which value stays when both changed the same field, and keeps mine if chosen', async () => {
    await clash({ title: 'DJ buchen' });
    await vi.waitFor(() => expect(store.conflicts.get()).not.toBeNull());
    expect(store.conflicts.get()).toMatchObject({
      table: 'cards',
      rowId: 'card-music',
      fields: [{ column: 'title', mine: 'Band buchen', theirs: 'DJ buchen' }],
    });
    store.conflicts.choose('mine');
    await vi.waitFor(() => expect(memory.calls).toHaveLength(2));
    expect(memory.calls[1]!.args).toEqual(['card-music', { title: 'Band buchen', version: 2 }]);
    await vi.waitFor(() =>
      expect(store.getState().data!.cards['card-music']!.title).toBe('Band buchen'),
    );
    expect(store.conflicts.get()).toBeNull();
  });

  it("shows the other member's value when the user keeps theirs", async () => {
    await clash({ title: 'DJ buchen' });
    await vi.waitFor(() => expect(store.conflicts.get()).not.toBeNull());
    store.conflicts.choose('theirs');
    await vi.waitFor(() =>
      expect(store.getState().data!.cards['card-music']!.title).toBe('DJ buchen'),
    );
    expect(memory.calls.map((call) => call.name)).toEqual(['updateCardRow']);
    expect(store.hasUnsent).toBe(false);
  });

  it('sends the edit again on the new version when the other change touched other fields', async () => {
    await clash({ priority: 'urgent' });
    await vi.waitFor(() => expect(memory.calls).toHaveLength(2));
    expect(store.conflicts.get()).toBeNull();
    expect(memory.calls[1]!.args).toEqual(['card-music', { title: 'Band buchen', version: 2 }]);
    expect(store.getState().data!.cards['card-music']).toMatchObject({
      title: 'Band buchen',
      priority: 'urgent',
    });
  });

  it('does not see a conflict with its own earlier edits of the row', async () => {
    memory.disconnect();
    await store.updateCard('card-music', { title: 'Band buchen' });
    await store.updateCard('card-music', { priority: 'high' });
    memory.reconnect();
    await vi.waitFor(() => expect(memory.calls).toHaveLength(2));
    expect(memory.calls.map((call) => call.args[1])).toEqual([
      { title: 'Band buchen', version: 1 },
      { priority: 'high', version: 2 },
    ]);
    expect(store.conflicts.get()).toBeNull();
  });
});

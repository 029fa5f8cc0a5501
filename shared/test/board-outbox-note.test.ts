// The device's outbox (IndexedDB) is opened only for a user whose edits ever had to wait: a
// board opened by anyone else does not load or open it (the first load's budget, README
// "Delivery"), and edits kept on the device are still sent after a reload.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Connection } from '../src/kernel/backend/connection';
import { createMemoryGateway, sampleBoardSnapshot, type MemoryGateway } from '../src/testing';
import { BoardStore } from './store-harness';

const opens = vi.spyOn(indexedDB, 'open');
let store: BoardStore | null = null;

const opened = async (gateway: MemoryGateway): Promise<BoardStore> => {
  const next = new BoardStore(gateway.gateway, new Connection());
  next.open('board-1');
  await vi.waitFor(() => expect(next.getState().status).toBe('ready'));
  gateway.reconnect();
  return next;
};

afterEach(async () => {
  await store?.forgetDevice();
  store?.close();
  localStorage.clear();
});

describe('the outbox on the device', () => {
  it('stays closed for a user none of whose edits had to wait', async () => {
    store = await opened(createMemoryGateway(sampleBoardSnapshot()));
    await store.updateCard('card-music', { title: 'Band buchen' });
    expect(await store.unsentEdits()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(opens).not.toHaveBeenCalled();
  });

  it('keeps an edit that waits, and sends it after a reload', async () => {
    const memory = createMemoryGateway(sampleBoardSnapshot());
    store = await opened(memory);
    memory.disconnect();
    await store.updateCard('card-music', { title: 'Band buchen' });
    await vi.waitFor(async () => expect(await store?.unsentEdits()).toBe(1));
    expect(opens).toHaveBeenCalled();
    store.close();
    const later = createMemoryGateway(sampleBoardSnapshot());
    store = await opened(later);
    await vi.waitFor(() => expect(later.calls.map((call) => call.name)).toEqual(['updateCardRow']));
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { BoardsStore, type SelectionMemory } from '../src/index';
import type { Board } from '../src/index';

const board = (id: string, title: string): Board => ({
  id,
  title,
  owner_id: 'u1',
  background: 'bg-gradient-to-br from-blue-500 to-indigo-600',
  created_at: '2025-01-01T00:00:00Z',
});

const boards = [board('b1', 'Produkt'), board('b2', 'Marketing'), board('b3', 'Vertrieb')];

/** A browser's storage for one test: what was remembered before the reload. */
const memory = (stored: string | null): SelectionMemory & { stored: string | null } => {
  const state = {
    stored,
    read: () => state.stored,
    write: (id: string | null) => {
      state.stored = id;
    },
  };
  return state;
};

let server: Board[] = boards;

const storeWith = (remembered: SelectionMemory) =>
  new BoardsStore(
    {
      fetchMyBoards: async () => server,
      insertBoard: async ({ id, title }) => {
        server = [board(id, title), ...server];
        return server[0]!;
      },
      deleteBoardRow: async () => undefined,
    },
    remembered,
  );

const selectedTitle = (store: BoardsStore) =>
  store.getState().boards.find((b) => b.id === store.getState().selectedId)?.title;

beforeEach(() => {
  server = boards;
});

describe('the selected board', () => {
  it('is the first board on a first visit', async () => {
    const store = storeWith(memory(null));
    await store.load();
    expect(selectedTitle(store)).toBe('Produkt');
  });

  it('stays the same after a reload', async () => {
    const browser = memory(null);
    const before = storeWith(browser);
    await before.load();
    before.select('b2');
    const afterReload = storeWith(browser);
    await afterReload.load();
    expect(selectedTitle(afterReload)).toBe('Marketing');
  });

  it('is a newly created board after a reload', async () => {
    const browser = memory('b2');
    const before = storeWith(browser);
    await before.load();
    const created = await before.create('  Neues Projekt ');
    const afterReload = storeWith(browser);
    await afterReload.load();
    expect(afterReload.getState().selectedId).toBe(created!.id);
  });

  it('falls back to the first board when the remembered one is gone', async () => {
    const store = storeWith(memory('deleted-board'));
    await store.load();
    expect(selectedTitle(store)).toBe('Produkt');
  });
});

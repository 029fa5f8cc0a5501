import { beforeEach, describe, expect, it } from 'vitest';
import { BoardsStore, type SelectionMemory } from '../src/features/boards/boards-store';
import type { Board } from '../src/index';
import { newRow } from '../src/domain/new-rows';
import { getToasts } from '../src/kernel/toast/toast-store';
import { deferred, failed } from './board-fixtures';

const board = (id: string, title: string): Board =>
  newRow('boards', { id, title, owner_id: 'u1', created_at: '2025-01-01T00:00:00Z' });

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

let deleteAnswer: () => Promise<void> = async () => undefined;

const storeWith = (remembered: SelectionMemory) =>
  new BoardsStore(
    {
      fetchMyBoards: async () => server,
      insertBoard: async ({ id, title }) => {
        server = [board(id, title), ...server];
        return server[0]!;
      },
      deleteBoardRow: () => deleteAnswer(),
    },
    remembered,
  );

const titles = (store: BoardsStore) => store.getState().boards.map((b) => b.title);

const selectedTitle = (store: BoardsStore) =>
  store.getState().boards.find((b) => b.id === store.getState().selectedId)?.title;

beforeEach(() => {
  server = boards;
  deleteAnswer = async () => undefined;
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

  it('is known before the board list answers, so its snapshot can be asked beside it', async () => {
    const browser = memory(null);
    const before = storeWith(browser);
    expect(before.remembered()).toBeNull();
    await before.load();
    before.select('b2');
    // The next visit, before load(): the board shown last on this device.
    expect(storeWith(browser).remembered()).toBe('b2');
  });

  it('falls back to the first board when the remembered one is gone', async () => {
    const store = storeWith(memory('deleted-board'));
    await store.load();
    expect(selectedTitle(store)).toBe('Produkt');
  });
});

describe('removing a board', () => {
  it('hides it at once and selects the next board', async () => {
    const store = storeWith(memory('b1'));
    await store.load();
    expect(await store.remove('b1')).toBe(true);
    expect(titles(store)).toEqual(['Marketing', 'Vertrieb']);
    expect(selectedTitle(store)).toBe('Marketing');
  });

  it('brings it back with a German message when refused, keeping what changed meanwhile', async () => {
    const answer = deferred<void>();
    deleteAnswer = () => answer.promise;
    const store = storeWith(memory('b1'));
    await store.load();
    const removing = store.remove('b1');
    expect(titles(store)).toEqual(['Marketing', 'Vertrieb']);
    // Meanwhile the user is invited to another board, and picks a board.
    server = [board('b4', 'Einkauf'), ...boards];
    await store.load();
    store.select('b3');
    expect(titles(store)).toEqual(['Einkauf', 'Marketing', 'Vertrieb']);
    answer.reject(failed());
    expect(await removing).toBe(false);
    expect(titles(store)).toEqual(['Einkauf', 'Produkt', 'Marketing', 'Vertrieb']);
    expect(selectedTitle(store)).toBe('Vertrieb');
    expect(getToasts().map((t) => t.message)).toContain(
      'Das Löschen ist fehlgeschlagen und wurde zurückgenommen.',
    );
  });
});

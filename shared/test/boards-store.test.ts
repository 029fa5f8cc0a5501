import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BoardsStore, type SelectionMemory } from '../src/features/boards/boards-store';
import type { Board } from '../src/index';
import { newRow } from '../src/domain/new-rows';
import { Subject } from 'rxjs';
import { clearToasts, getToasts } from '../src/kernel/toast/toast-store';
import type { LiveEvent } from '../src/kernel/backend/synced-resource';
import type { MembershipChange } from '../src/features/boards/membership-changes';
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
let archiveAnswer: () => Promise<void> = async () => undefined;
let archivedOnServer: Record<string, boolean> = {};
/** The membership channel: which table another user's change touched. */
let heard = new Subject<LiveEvent<MembershipChange>>();

const storeWith = (remembered: SelectionMemory) =>
  new BoardsStore(
    {
      fetchMyBoards: async () => server,
      insertBoard: async ({ id, title }) => {
        server = [board(id, title), ...server];
        return server[0]!;
      },
      deleteBoardRow: () => deleteAnswer(),
      setBoardArchived: async (id, archived) => {
        archivedOnServer[id] = archived;
        await archiveAnswer();
      },
      changes: () => heard,
    },
    remembered,
  );

const titles = (store: BoardsStore) => store.getState().boards.map((b) => b.title);

const selectedTitle = (store: BoardsStore) =>
  store.getState().boards.find((b) => b.id === store.getState().selectedId)?.title;

beforeEach(() => {
  server = boards;
  deleteAnswer = async () => undefined;
  archiveAnswer = async () => undefined;
  archivedOnServer = {};
  heard = new Subject();
  clearToasts();
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
    expect(await store.remove(boards[0]!)).toBe(true);
    expect(titles(store)).toEqual(['Marketing', 'Vertrieb']);
    expect(selectedTitle(store)).toBe('Marketing');
  });

  it('brings it back with a German message when refused, keeping what changed meanwhile', async () => {
    const answer = deferred<void>();
    deleteAnswer = () => answer.promise;
    const store = storeWith(memory('b1'));
    await store.load();
    const removing = store.remove(boards[0]!);
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

describe('deleting a board (into the archive)', () => {
  it('hides it at once, names it in a toast that takes the focus, and undo brings it back', async () => {
    const store = storeWith(memory('b1'));
    await store.load();
    expect(await store.archive(boards[0]!)).toBe(true);
    expect(archivedOnServer).toEqual({ b1: true });
    expect(titles(store)).toEqual(['Marketing', 'Vertrieb']);
    expect(selectedTitle(store)).toBe('Marketing');
    const [toast] = getToasts();
    expect(toast).toMatchObject({
      message: 'Board „Produkt“ gelöscht. Im Archiv 30 Tage wiederherstellbar.',
      action: { label: 'Rückgängig' },
      focus: true,
    });

    toast!.action!.run();
    await vi.waitFor(() => expect(titles(store)).toContain('Produkt'));
    expect(archivedOnServer).toEqual({ b1: false });
    expect(selectedTitle(store)).toBe('Produkt');
  });

  it('comes back with a German message when refused', async () => {
    archiveAnswer = () => Promise.reject(failed());
    const store = storeWith(memory('b1'));
    await store.load();
    expect(await store.archive(boards[0]!)).toBe(false);
    expect(titles(store)).toEqual(['Produkt', 'Marketing', 'Vertrieb']);
    expect(getToasts().map((t) => t.message)).toEqual([
      'Das Archivieren ist fehlgeschlagen und wurde zurückgenommen.',
    ]);
  });

  it('deleted for good says so, naming the board', async () => {
    const store = storeWith(memory('b1'));
    await store.load();
    expect(await store.remove(boards[0]!)).toBe(true);
    expect(getToasts().map((t) => t.message)).toEqual(['Board „Produkt“ gelöscht.']);
  });
});

describe('the board on screen taken away by someone else', () => {
  const followed = async () => {
    const store = storeWith(memory('b1'));
    store.start('u2');
    await vi.waitFor(() => expect(store.getState().status).toBe('ready'));
    return store;
  };

  it('tells a removed member which board, and switches to the next', async () => {
    const store = await followed();
    server = boards.slice(1);
    heard.next({ kind: 'change', change: 'board_members' });
    await vi.waitFor(() => expect(selectedTitle(store)).toBe('Marketing'));
    expect(getToasts().map((t) => t.message)).toEqual([
      'Sie wurden aus dem Board „Produkt“ entfernt.',
    ]);
    store.reset();
  });

  it('tells the members that the owner deleted it', async () => {
    const store = await followed();
    server = boards.slice(1);
    heard.next({ kind: 'change', change: 'boards' });
    heard.next({ kind: 'change', change: 'board_members' });
    await vi.waitFor(() => expect(selectedTitle(store)).toBe('Marketing'));
    expect(getToasts().map((t) => t.message)).toEqual(['Das Board „Produkt“ wurde gelöscht.']);
    store.reset();
  });

  it('says nothing when the user deleted it themselves', async () => {
    const store = await followed();
    await store.archive(boards[0]!);
    server = boards.slice(1);
    heard.next({ kind: 'change', change: 'boards' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(getToasts().map((t) => t.message)).toEqual([
      'Board „Produkt“ gelöscht. Im Archiv 30 Tage wiederherstellbar.',
    ]);
    store.reset();
  });
});

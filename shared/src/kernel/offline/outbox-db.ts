// The device's copy of the edits that wait for the connection (IndexedDB), so that they survive
// a reload or a restart of the browser. One record per edit, in the order made (the key grows),
// tagged with the user, the board and the tab that keeps it. Plain IndexedDB, a few calls: a
// wrapper library would weigh more than this file. Loaded with `import()` when the first edit
// has to wait (the page's first load does not carry it; shell/vite.config.ts onDemandPaths).
//
// Two tabs of one user share the records. A tab holds a Web Lock named after itself for its
// life; a tab that opens a board takes over the records of tabs that hold none (closed, or the
// browser restarted), under one lock per user, so that no record is sent by two tabs.

/** An edit as stored: the store's command by name and arguments, and the ids it made. */
export interface StoredEdit {
  key?: number;
  userId: string;
  boardId: string;
  tab: string;
  name: string;
  args: unknown[];
  ids: string[];
  /** For an in-place change: the version and the edited columns as the user saw them. */
  basis?: { version: number; seen: Record<string, unknown> };
}

const DB = 'taskflow-offline';
const EDITS = 'outbox';

let opened: Promise<IDBDatabase> | null = null;

const open = (): Promise<IDBDatabase> =>
  (opened ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => {
      const edits = request.result.createObjectStore(EDITS, {
        keyPath: 'key',
        autoIncrement: true,
      });
      edits.createIndex('user', 'userId');
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  }));

const done = <T>(request: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

const store = async (mode: IDBTransactionMode) =>
  (await open()).transaction(EDITS, mode).objectStore(EDITS);

/** This tab's name, held as a Web Lock while the page lives. */
export const thisTab: string =
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : String(Math.random()).slice(2);

const locks = (): LockManager | null =>
  typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null;

// Held until the page goes: a tab that holds it is alive, and its records are its own.
void locks()?.request(`taskflow-tab:${thisTab}`, () => new Promise<never>(() => undefined));

export const saveEdit = async (edit: StoredEdit): Promise<number> =>
  (await done((await store('readwrite')).add(edit))) as number;

export const forgetEdit = async (key: number): Promise<void> => {
  await done((await store('readwrite')).delete(key));
};

const editsOf = async (userId: string): Promise<StoredEdit[]> =>
  done((await store('readonly')).index('user').getAll(userId) as IDBRequest<StoredEdit[]>);

/** How many edits of this user wait on this device (all tabs and boards). */
export const countEdits = async (userId: string): Promise<number> =>
  done((await store('readonly')).index('user').count(userId));

/** Sign-out: the device forgets the user's waiting edits. */
export const forgetUser = async (userId: string): Promise<void> => {
  const edits = await store('readwrite');
  const keys = await done(edits.index('user').getAllKeys(userId));
  await Promise.all(keys.map((key) => done(edits.delete(key))));
};

/**
 * The records of this user and board that no living tab keeps, now kept by this tab, oldest
 * first. Under the user's lock, so that two tabs opening at once do not both take them.
 */
export const takeOverEdits = async (userId: string, boardId: string): Promise<StoredEdit[]> => {
  const take = async (): Promise<StoredEdit[]> => {
    const held = await locks()?.query();
    const living = new Set(
      (held?.held ?? []).map((lock) => lock.name?.replace('taskflow-tab:', '') ?? ''),
    );
    const mine = (await editsOf(userId)).filter(
      (edit) => edit.boardId === boardId && (edit.tab === thisTab || !living.has(edit.tab)),
    );
    const edits = await store('readwrite');
    await Promise.all(mine.map((edit) => done(edits.put({ ...edit, tab: thisTab }))));
    return mine.sort((a, b) => (a.key ?? 0) - (b.key ?? 0));
  };
  const manager = locks();
  return manager ? manager.request(`taskflow-outbox:${userId}`, take) : take();
};

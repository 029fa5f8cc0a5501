// The device's copy of what the user last saw (IndexedDB): their board list and the last
// boards they opened, so that a second visit paints at once, and a visit without a network
// paints at all, before the server answers. Per user (the key starts with the user's id), kept
// for the last KEEP_BOARDS boards, and stamped with the version of the data's shape (the
// schema and the app's build): an entry of another version is dropped, never shown. Plain
// IndexedDB, as the outbox (outbox-db.ts), and loaded with `import()` only when a board is
// opened (shell/vite.config.ts onDemandPaths), so the page's first load does not carry it.

/** How many boards per user the device keeps: the ones a user goes back to. */
export const KEEP_BOARDS = 5;

interface Entry {
  /** `<user id>:list` or `<user id>:board:<board id>`. */
  key: string;
  userId: string;
  version: string;
  /** When it was written: the oldest boards go first. */
  at: number;
  value: unknown;
}

const DB = 'taskflow-snapshots';
const ENTRIES = 'entries';
const BOARD = ':board:';

let opened: Promise<IDBDatabase> | null = null;

/**
 * The user's entries by age: which boards are the oldest is read from this index's keys alone,
 * never by reading the boards back (a 10,000-card board deserialised on the main thread each
 * time one is kept was a long frame).
 */
const BY_AGE = 'userAt';

const open = (): Promise<IDBDatabase> =>
  (opened ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 2);
    request.onupgradeneeded = (event) => {
      const store =
        event.oldVersion < 1
          ? request.result.createObjectStore(ENTRIES, { keyPath: 'key' })
          : (request.transaction as IDBTransaction).objectStore(ENTRIES);
      if (event.oldVersion < 1) store.createIndex('user', 'userId');
      store.createIndex(BY_AGE, ['userId', 'at']);
    };
    // A tab of an older build holds the database open: this page goes without the device's copy
    // rather than wait for that tab. Its own connection gives way to a newer build's.
    request.onblocked = () => reject(new Error('The device copy is held open by an older tab'));
    request.onsuccess = () => {
      request.result.onversionchange = () => request.result.close();
      resolve(request.result);
    };
    request.onerror = () => reject(request.error);
  }));

const done = <T>(request: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

const entries = async (mode: IDBTransactionMode) =>
  (await open()).transaction(ENTRIES, mode).objectStore(ENTRIES);

const keyOf = (userId: string, boardId?: string) =>
  boardId === undefined ? `${userId}:list` : `${userId}${BOARD}${boardId}`;

/** What the device keeps for the user (their list, or a board), if of this `version`. */
export const readCopy = async <T>(
  version: string,
  userId: string,
  boardId?: string,
): Promise<T | null> => {
  const key = keyOf(userId, boardId);
  const entry = (await done((await entries('readonly')).get(key))) as Entry | undefined;
  if (!entry) return null;
  if (entry.version === version) return entry.value as T;
  // Written by another build or against another schema: its shape may not be this one's.
  await done((await entries('readwrite')).delete(key));
  return null;
};

/** Keeps the user's list, or a board (then only the KEEP_BOARDS newest boards stay). */
export const writeCopy = async (
  version: string,
  value: unknown,
  userId: string,
  boardId?: string,
): Promise<void> => {
  const entry: Entry = { key: keyOf(userId, boardId), userId, version, at: Date.now(), value };
  await done((await entries('readwrite')).put(entry));
  if (boardId === undefined) return;
  const store = await entries('readwrite');
  // The user's keys, oldest first; all boards but the KEEP_BOARDS newest go.
  const range = IDBKeyRange.bound([userId, -Infinity], [userId, Infinity]);
  const boards = (await done(store.index(BY_AGE).getAllKeys(range)))
    .map(String)
    .filter((key) => key.includes(BOARD));
  const older = boards.slice(0, Math.max(0, boards.length - KEEP_BOARDS));
  await Promise.all(older.map((key) => done(store.delete(key))));
};

/**
 * Drops boards the user can no longer read: `boardIds` the given ones (gone, or access lost),
 * or, with `keepOnly`, every board not named in it (the list the server just sent).
 */
export const dropBoards = async (
  userId: string,
  boardIds: readonly string[],
  keepOnly = false,
): Promise<void> => {
  const named = new Set(boardIds);
  const store = await entries('readwrite');
  const drop = (await done(store.index('user').getAllKeys(userId))).filter((key) => {
    const [, boardId] = String(key).split(BOARD);
    return boardId !== undefined && named.has(boardId) !== keepOnly;
  });
  await Promise.all(drop.map((key) => done(store.delete(key))));
};

/** Sign-out: the device forgets everything it kept for the user. */
export const forgetCopies = async (userId: string): Promise<void> => {
  const store = await entries('readwrite');
  const keys = await done(store.index('user').getAllKeys(userId));
  await Promise.all(keys.map((key) => done(store.delete(key))));
};

// The stores' side of the device's copy of the boards (kernel/offline/snapshot-cache.ts): what
// is shown is kept, and what was kept is shown first on the next visit. The copy's module is
// loaded on demand; a synchronous note (localStorage) says whether the device keeps anything
// for a user, so that a page with nothing kept does not load it just to find nothing. Every
// call is best effort: without IndexedDB (a private window may refuse it) the app works as
// before, from the network.
import type { Board, BoardData } from '../../domain/types';

const cache = () => import('../../kernel/offline/snapshot-cache');

/**
 * A copy is shown only by the build that wrote it, against the same schema: the newest
 * migration the build was made with, and this module's own address (its chunk's name carries
 * the hash of the code that shapes the board's data).
 */
const version = `${import.meta.env?.VITE_SCHEMA_VERSION ?? ''} ${import.meta.url}`;

const noteKey = (userId: string) => `taskflow-device-copies:${userId}`;

const noted = (userId: string): boolean => {
  try {
    return globalThis.localStorage?.getItem(noteKey(userId)) !== null;
  } catch {
    return true;
  }
};

const note = (userId: string, kept: boolean): void => {
  try {
    if (kept) globalThis.localStorage?.setItem(noteKey(userId), '1');
    else globalThis.localStorage?.removeItem(noteKey(userId));
  } catch {
    // Not noted: `noted` answers yes without localStorage.
  }
};

const quietly = async <T>(work: () => Promise<T>): Promise<T | null> => {
  try {
    return await work();
  } catch {
    return null;
  }
};

export interface DeviceCopy {
  board(userId: string, boardId: string): Promise<BoardData | null>;
  list(userId: string): Promise<Board[] | null>;
  keepBoard(userId: string, data: BoardData): Promise<unknown>;
  /** Keeps the list and drops every kept board not on it (gone, or the user's access lost). */
  keepList(userId: string, boards: readonly Board[]): Promise<unknown>;
  /** A board the user can no longer read. */
  dropBoard(userId: string, boardId: string): Promise<unknown>;
  /** Sign-out. */
  forget(userId: string): Promise<unknown>;
}

export const deviceCopy: DeviceCopy = {
  board: (userId, boardId) =>
    noted(userId)
      ? quietly(async () => (await cache()).readCopy<BoardData>(version, userId, boardId))
      : Promise.resolve(null),
  list: (userId) =>
    noted(userId)
      ? quietly(async () => (await cache()).readCopy<Board[]>(version, userId))
      : Promise.resolve(null),
  keepBoard: (userId, data) => {
    // Noted before the write: a reload in between still looks.
    note(userId, true);
    return quietly(async () => (await cache()).writeCopy(version, data, userId, data.board.id));
  },
  keepList: (userId, boards) => {
    note(userId, true);
    return quietly(async () => {
      const { dropBoards, writeCopy } = await cache();
      await dropBoards(
        userId,
        boards.map((board) => board.id),
        true,
      );
      await writeCopy(version, boards, userId);
    });
  },
  dropBoard: (userId, boardId) =>
    noted(userId)
      ? quietly(async () => (await cache()).dropBoards(userId, [boardId]))
      : Promise.resolve(),
  forget: (userId) =>
    noted(userId)
      ? quietly(async () => {
          await (await cache()).forgetCopies(userId);
          note(userId, false);
        })
      : Promise.resolve(),
};

import type { TablesInsert, TablesUpdate } from '../backend/database.types';
import type { Board, BoardSnapshot } from '../domain/types';
import { getSupabase } from '../backend/supabase-client';
import { unwrap } from './api-error';
import { deleteRowById, insertRow, updateRowById } from './table-rows';

/**
 * The boards the user belongs to, newest first. Row-level security limits `boards` to the
 * user's memberships, so this is one request instead of the membership lookup plus an `in` query.
 */
export const fetchMyBoards = async (): Promise<Board[]> =>
  unwrap(await getSupabase().from('boards').select().order('created_at', { ascending: false })) ??
  [];

/**
 * The whole board as one document; null when it is gone or not visible to the user. A `json`
 * function has no row type to generate, so the document's shape is BoardSnapshot, written next
 * to the rows it is made of (docs/data-model.md describes it).
 */
export const fetchBoardSnapshot = async (boardId: string): Promise<BoardSnapshot | null> =>
  unwrap(
    await getSupabase().rpc('board_snapshot', { p_board_id: boardId }),
  ) as unknown as BoardSnapshot | null;

/**
 * The owner is the caller (owner_id defaults to auth.uid()); a trigger makes them a member. The
 * id is made on the client, as for every row the app creates (new-id.ts).
 */
export const insertBoard = (board: TablesInsert<'boards'> & { id: string }): Promise<Board> =>
  insertRow('boards', board);

export const deleteBoardRow = (boardId: string): Promise<void> => deleteRowById('boards', boardId);

/** What the owner may change of a board (the migration grants update on these only). */
export type BoardPatch = Pick<TablesUpdate<'boards'>, 'title' | 'background'>;

/** Renames a board or changes its background; row-level security lets only the owner. */
export const updateBoardRow = (boardId: string, patch: BoardPatch): Promise<Board> =>
  updateRowById('boards', boardId, patch);

import type { Board, BoardSnapshot } from '../domain/types';
import { getSupabase } from '../backend/supabase-client';
import { check, unwrap } from './api-error';

const boardColumns = 'id,title,owner_id,background,created_at';

/**
 * The boards the user belongs to, newest first. Row-level security limits `boards` to the
 * user's memberships, so this is one request instead of the membership lookup plus an `in` query.
 */
export const fetchMyBoards = async (): Promise<Board[]> =>
  unwrap(
    await getSupabase()
      .from('boards')
      .select(boardColumns)
      .order('created_at', { ascending: false }),
  ) ?? [];

/** The whole board as one document; null when it is gone or not visible to the user. */
export const fetchBoardSnapshot = async (boardId: string): Promise<BoardSnapshot | null> =>
  unwrap(
    await getSupabase().rpc('board_snapshot', { p_board_id: boardId }),
  ) as BoardSnapshot | null;

/** The owner is the caller (owner_id defaults to auth.uid()); a trigger makes them a member. */
export const insertBoard = async (board: { id: string; title: string }): Promise<Board> =>
  unwrap(await getSupabase().from('boards').insert(board).select(boardColumns).single());

export const deleteBoardRow = async (boardId: string): Promise<void> =>
  check(await getSupabase().from('boards').delete().eq('id', boardId));

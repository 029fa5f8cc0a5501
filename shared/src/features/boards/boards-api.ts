import type { TablesInsert } from '../../kernel/backend/database.types';
import type { Board } from '../../domain/types';
import { getSupabase } from '../../kernel/backend/supabase-client';
import { unwrap } from '../../kernel/backend/api-error';
import { deleteRowById, insertRow } from '../../kernel/backend/table-rows';

/**
 * The boards the user belongs to, newest first, but those in the archive ('Board löschen').
 * Row-level security limits `boards` to the user's memberships, so this is one request instead
 * of the membership lookup plus an `in` query.
 */
export const fetchMyBoards = async (): Promise<Board[]> =>
  unwrap(
    await getSupabase()
      .from('boards')
      .select()
      .is('archived_at', null)
      .order('created_at', { ascending: false }),
  ) ?? [];

/** Into the archive (the owner's 'Board löschen') or back; the server stamps the time. */
export const setBoardArchived = async (boardId: string, archived: boolean): Promise<void> => {
  unwrap(
    await getSupabase()
      .from('boards')
      .update({ archived_at: archived ? new Date().toISOString() : null })
      .eq('id', boardId)
      .select('id')
      .single(),
  );
};

/**
 * The owner is the caller (owner_id defaults to auth.uid()); a trigger makes them a member. The
 * id is made on the client, as for every row the app creates (domain/new-id.ts).
 */
export const insertBoard = (board: TablesInsert<'boards'> & { id: string }): Promise<Board> =>
  insertRow('boards', board);

export const deleteBoardRow = (boardId: string): Promise<void> => deleteRowById('boards', boardId);

import type { TablesUpdate } from '../../../kernel/backend/database.types';
import type { BoardList } from '../../../domain/types';
import { getSupabase } from '../../../kernel/backend/supabase-client';
import { unwrap } from '../../../kernel/backend/api-error';
import { rowsOf } from '../../../kernel/backend/table-rows';

/** The columns a member may change: a list never moves to another board. */
export type ListPatch = Omit<TablesUpdate<'lists'>, 'id' | 'board_id' | 'created_at'>;

const lists = rowsOf<'lists', ListPatch>('lists');

export const insertList = lists.insert;
export const updateListRow = lists.update;
export const deleteListRow = lists.remove;

/** Renumbers a board's lists like renumberListCards does a list's cards (RPC renumber_board_lists). */
export const renumberBoardLists = async (boardId: string): Promise<BoardList[]> =>
  unwrap(await getSupabase().rpc('renumber_board_lists', { p_board_id: boardId }));

import type { TablesInsert, TablesUpdate } from '../backend/database.types';
import type { BoardList } from '../domain/types';
import { getSupabase } from '../backend/supabase-client';
import { unwrap } from './api-error';
import { deleteRowById, insertRow, updateRowById } from './table-rows';

/** The columns a member may change: a list never moves to another board. */
export type ListPatch = Omit<TablesUpdate<'lists'>, 'id' | 'board_id' | 'created_at'>;

export const insertList = (list: TablesInsert<'lists'>): Promise<BoardList> =>
  insertRow('lists', list);

export const updateListRow = (listId: string, patch: ListPatch): Promise<BoardList> =>
  updateRowById('lists', listId, patch);

export const deleteListRow = (listId: string): Promise<void> => deleteRowById('lists', listId);

/** Renumbers a board's lists like renumberListCards does a list's cards (RPC renumber_board_lists). */
export const renumberBoardLists = async (boardId: string): Promise<BoardList[]> =>
  unwrap(await getSupabase().rpc('renumber_board_lists', { p_board_id: boardId }));

import type { TablesInsert, TablesUpdate } from '../backend/database.types';
import type { BoardList } from '../domain/types';
import { getSupabase } from '../backend/supabase-client';
import { check, unwrap } from './api-error';

/** The columns a member may change: a list never moves to another board. */
export type ListPatch = Omit<TablesUpdate<'lists'>, 'id' | 'board_id' | 'created_at'>;

export const insertList = async (list: TablesInsert<'lists'>): Promise<BoardList> =>
  unwrap(await getSupabase().from('lists').insert(list).select().single());

export const updateListRow = async (listId: string, patch: ListPatch): Promise<BoardList> =>
  unwrap(await getSupabase().from('lists').update(patch).eq('id', listId).select().single());

export const deleteListRow = async (listId: string): Promise<void> =>
  check(await getSupabase().from('lists').delete().eq('id', listId));

/** Renumbers a board's lists like renumberListCards does a list's cards (RPC renumber_board_lists). */
export const renumberBoardLists = async (boardId: string): Promise<BoardList[]> =>
  unwrap(await getSupabase().rpc('renumber_board_lists', { p_board_id: boardId }));

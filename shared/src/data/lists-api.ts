import type { BoardList } from '../domain/types';
import { getSupabase } from '../backend/supabase-client';
import { check, unwrap } from './api-error';

export const insertList = async (list: {
  id: string;
  board_id: string;
  title: string;
  position: number;
}): Promise<BoardList> => unwrap(await getSupabase().from('lists').insert(list).select().single());

export const updateListRow = async (
  listId: string,
  patch: Partial<Pick<BoardList, 'title' | 'position'>>,
): Promise<BoardList> =>
  unwrap(await getSupabase().from('lists').update(patch).eq('id', listId).select().single());

export const deleteListRow = async (listId: string): Promise<void> =>
  check(await getSupabase().from('lists').delete().eq('id', listId));

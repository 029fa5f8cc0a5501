import type { TablesInsert, TablesUpdate } from '../backend/database.types';
import type { CardRow } from '../domain/types';
import { getSupabase } from '../backend/supabase-client';
import { check, unwrap } from './api-error';
import { deleteRowById, insertRow, updateRowById } from './table-rows';

/**
 * The columns a member may change (the migration grants update on all but these): the id and
 * created_at never change, and board_id follows list_id by trigger.
 */
export type CardPatch = Omit<TablesUpdate<'cards'>, 'id' | 'board_id' | 'created_at'>;

/** board_id is checked and filled from the list by a trigger; the client sends its board's id. */
export const insertCard = (card: TablesInsert<'cards'>): Promise<CardRow> =>
  insertRow('cards', card);

export const updateCardRow = (cardId: string, patch: CardPatch): Promise<CardRow> =>
  updateRowById('cards', cardId, patch);

export const deleteCardRow = (cardId: string): Promise<void> => deleteRowById('cards', cardId);

export const insertAssignee = async (cardId: string, userId: string): Promise<void> =>
  check(await getSupabase().from('card_assignees').insert({ card_id: cardId, user_id: userId }));

export const deleteAssignee = async (cardId: string, userId: string): Promise<void> =>
  check(
    await getSupabase().from('card_assignees').delete().eq('card_id', cardId).eq('user_id', userId),
  );

export const insertTag = async (cardId: string, labelId: string): Promise<void> =>
  check(await getSupabase().from('card_tags').insert({ card_id: cardId, label_id: labelId }));

export const deleteTag = async (cardId: string, labelId: string): Promise<void> =>
  check(
    await getSupabase().from('card_tags').delete().eq('card_id', cardId).eq('label_id', labelId),
  );

/**
 * Renumbers a list's cards to 1024, 2048, … in their order, in one transaction on the server
 * (the RPC renumber_list; row-level security decides). Answers with the renumbered rows.
 */
export const renumberListCards = async (listId: string): Promise<CardRow[]> =>
  unwrap(await getSupabase().rpc('renumber_list', { p_list_id: listId }));

import type { TablesInsert, TablesUpdate } from '../../../kernel/backend/database.types';
import type { CardRow } from '../../../domain/types';
import { getSupabase } from '../../../kernel/backend/supabase-client';
import { check, unwrap } from '../../../kernel/backend/api-error';
import { rowsOf } from '../../../kernel/backend/table-rows';

/**
 * The columns a member may change (the migration grants update on all but these): the id and
 * created_at never change, and board_id follows list_id by trigger.
 */
export type CardPatch = Omit<TablesUpdate<'cards'>, 'id' | 'board_id' | 'created_at'>;

const cards = rowsOf<'cards', CardPatch>('cards');

/**
 * What a client may send for a new card. The generated insert type requires board_id (not null,
 * no default), but the server owns it: the trigger set_card_board_id takes it from the list, and
 * the column is not granted for insert (nor created_at, deleted_at), so sending it is refused.
 */
export type NewCard = Omit<TablesInsert<'cards'>, 'board_id' | 'created_at' | 'deleted_at'>;

export const insertCard = (card: NewCard): Promise<CardRow> =>
  cards.insert(card as TablesInsert<'cards'>);
export const updateCardRow = cards.update;
export const deleteCardRow = cards.remove;

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

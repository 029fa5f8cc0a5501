import type { CardRow } from '../domain/types';
import { getSupabase } from '../backend/supabase-client';
import { check, unwrap } from './api-error';

export type CardPatch = Partial<
  Pick<CardRow, 'title' | 'description' | 'due_date' | 'priority' | 'list_id' | 'position'>
>;

const cardColumns = 'id,list_id,board_id,title,description,due_date,priority,position,created_at';

/** board_id is filled from the list by a trigger, so it is never sent. */
export const insertCard = async (card: {
  id: string;
  list_id: string;
  title: string;
  position: number;
}): Promise<CardRow> =>
  unwrap(await getSupabase().from('cards').insert(card).select(cardColumns).single());

export const updateCardRow = async (cardId: string, patch: CardPatch): Promise<CardRow> =>
  unwrap(
    await getSupabase().from('cards').update(patch).eq('id', cardId).select(cardColumns).single(),
  );

export const deleteCardRow = async (cardId: string): Promise<void> =>
  check(await getSupabase().from('cards').delete().eq('id', cardId));

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

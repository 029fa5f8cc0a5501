import { getSupabase } from '../../../kernel/backend/supabase-client';
import { unwrap } from '../../../kernel/backend/api-error';

/** A list a card can be sent to: one of the target board's lists, in the board's order. */
export interface ListChoice {
  id: string;
  title: string;
}

/**
 * The lists of a board the user belongs to, for 'Verschieben nach …' and 'Kopieren nach …' when
 * the target is not the open board (whose lists the board store already holds).
 */
export const fetchBoardLists = async (boardId: string): Promise<ListChoice[]> =>
  unwrap(
    await getSupabase()
      .from('lists')
      .select('id, title')
      .eq('board_id', boardId)
      .order('position')
      .order('created_at'),
  );

/** 'Kopieren nach …': the server copies the card (copy_card); resolves to the copy's id. */
export const copyCardTo = async (cardId: string, listId: string, atTop: boolean): Promise<string> =>
  unwrap(
    await getSupabase().rpc('copy_card', { p_card_id: cardId, p_list_id: listId, p_at_top: atTop }),
  );

/**
 * 'Verschieben nach …' to another board (move_card_to_list): the card arrives there with a new
 * id and is gone from its board. A move inside the open board is the store's moveCard instead,
 * which is optimistic.
 */
export const moveCardTo = async (cardId: string, listId: string, atTop: boolean): Promise<string> =>
  unwrap(
    await getSupabase().rpc('move_card_to_list', {
      p_card_id: cardId,
      p_list_id: listId,
      p_at_top: atTop,
    }),
  );

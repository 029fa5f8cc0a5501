import type { Board, BoardList, CardRow } from '../../domain/types';
import { getSupabase } from '../../kernel/backend/supabase-client';
import { unwrap } from '../../kernel/backend/api-error';

/**
 * The 'Archiv' view's reads and its restore: plain selects of rows whose archived_at is set
 * (migration 20261126006000_archive). Row-level security gives members their boards' archive
 * and nobody else anything; the board snapshot leaves these rows out.
 */
export interface BoardArchive {
  cards: Pick<CardRow, 'id' | 'title' | 'list_id' | 'archived_at'>[];
  lists: Pick<BoardList, 'id' | 'title' | 'archived_at'>[];
  /** The user's archived boards (every board they are a member of, not only this one). */
  boards: Board[];
  /** Titles of the board's lists, archived or not, to say where a card was. */
  listTitles: Record<string, string>;
}

const newestFirst = { ascending: false } as const;

/** The board's archive and the user's archived boards; without a board, the boards only. */
export const fetchArchive = async (boardId: string | null): Promise<BoardArchive> => {
  const db = getSupabase();
  // No board: a filter that matches nothing, so the four reads keep one shape.
  const board = boardId ?? '00000000-0000-0000-0000-000000000000';
  const [cards, lists, boards, allLists] = await Promise.all([
    db
      .from('cards')
      .select('id, title, list_id, archived_at')
      .eq('board_id', board)
      .not('archived_at', 'is', null)
      .order('archived_at', newestFirst),
    db
      .from('lists')
      .select('id, title, archived_at')
      .eq('board_id', board)
      .not('archived_at', 'is', null)
      .order('archived_at', newestFirst),
    db.from('boards').select().not('archived_at', 'is', null).order('archived_at', newestFirst),
    db.from('lists').select('id, title').eq('board_id', board),
  ]);
  return {
    cards: unwrap(cards) ?? [],
    lists: unwrap(lists) ?? [],
    boards: unwrap(boards) ?? [],
    listTitles: Object.fromEntries((unwrap(allLists) ?? []).map((l) => [l.id, l.title])),
  };
};

/**
 * Back onto the board, for every member: realtime tells each open board, which loads again
 * since the snapshot it holds lacks the row (board-sync.ts).
 */
export const restoreArchived = async (table: 'cards' | 'lists', id: string): Promise<void> => {
  unwrap(
    await getSupabase()
      .from(table)
      .update({ archived_at: null })
      .eq('id', id)
      .select('id')
      .single(),
  );
};

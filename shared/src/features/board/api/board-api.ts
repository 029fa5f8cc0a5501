import type { TablesUpdate } from '../../../kernel/backend/database.types';
import type { Board, BoardSnapshot } from '../../../domain/types';
import { getSupabase } from '../../../kernel/backend/supabase-client';
import { unwrap } from '../../../kernel/backend/api-error';
import { updateRowById } from '../../../kernel/backend/table-rows';

/**
 * The whole board as one document; null when it is gone or not visible to the user. A `json`
 * function has no row type to generate, so the document's shape is BoardSnapshot, written next
 * to the rows it is made of (docs/data-model.md describes it).
 */
export const fetchBoardSnapshot = async (boardId: string): Promise<BoardSnapshot | null> =>
  unwrap(
    await getSupabase().rpc('board_snapshot', { p_board_id: boardId }),
  ) as unknown as BoardSnapshot | null;

/** What the owner may change of a board (the migration grants update on these only). */
export type BoardPatch = Pick<TablesUpdate<'boards'>, 'title' | 'background'>;

/** Renames a board or changes its background; row-level security lets only the owner. */
export const updateBoardRow = (boardId: string, patch: BoardPatch): Promise<Board> =>
  updateRowById('boards', boardId, patch);

import type { Json } from '../../kernel/backend/database.types';
import type { Board } from '../../domain/types';
import { getSupabase } from '../../kernel/backend/supabase-client';
import { unwrap } from '../../kernel/backend/api-error';

/**
 * The board as a versioned export document ({"format":"taskflow-board","version":1}), made by
 * the server in one call; members only. Its shape is the schema in shared/src/transfer, which
 * validates it wherever it is read back.
 */
export const fetchBoardExport = async (boardId: string): Promise<unknown> =>
  unwrap(await getSupabase().rpc('export_board', { p_board_id: boardId }));

/** What import_board answers: the new board and what it holds. */
export interface ImportedBoard {
  board: Board;
  lists: number;
  cards: number;
  labels: number;
  /** Registered people of the document who became members of the new board. */
  members_added: number;
  /** Distinct e-mail addresses in the document with no registered user behind them. */
  unregistered: number;
  /**
   * The new cards whose document lists attachments, by their list's and their own index in the
   * document (from 0): an import from a ZIP uploads their files there.
   */
  attachment_cards?: { list: number; card: number; id: string }[];
}

/** Creates a new board owned by the caller from a board document, all or nothing. */
export const importBoardDocument = async (document: object): Promise<ImportedBoard> =>
  unwrap(
    await getSupabase().rpc('import_board', { p_doc: document as Json }),
  ) as unknown as ImportedBoard;

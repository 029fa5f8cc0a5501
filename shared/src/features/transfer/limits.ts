// The import's size limits, apart from the schemas so that the main entry can name them
// without loading zod (the file picker shows the limit before anything is imported).

/**
 * The server's limits (import_board in supabase/schemas/90_board_transfer.sql), checked first in
 * the app so that the message is German. Sized by measurement (bench/transfer.ts): the largest
 * document they admit imports in well under a second on the embedded database, which serves
 * nobody else meanwhile. `rows` counts cards, subtasks, comments, labels on cards and assignees
 * together; `bytes` is the document as sent (JSON, UTF-8), which the server stores in at most
 * 512,000 bytes.
 */
export const importLimits = {
  lists: 50,
  cards: 500,
  labels: 50,
  members: 50,
  rows: 2_000,
  bytes: 400_000,
} as const;

/**
 * Largest file the app reads. A Trello export carries much more than the board (every action,
 * every member's avatar), so the file may be far larger than the document sent, which
 * importLimits.bytes bounds.
 */
export const MAX_IMPORT_FILE_BYTES = 10 * 1024 * 1024;

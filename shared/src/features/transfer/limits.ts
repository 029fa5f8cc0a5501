// The import's size limits, apart from the schemas so that the main entry can name them
// without loading zod (the file picker shows the limit before anything is imported).

/** The server's limits (import_board), checked first in the app so that the message is German. */
export const importLimits = { lists: 500, cards: 20_000, labels: 500 } as const;

/**
 * Largest file the app reads: a 5,000-card board with subtasks and comments is about 3 MB
 * (bench/transfer.ts prints it). The backend's MAX_BODY_BYTES must admit it.
 */
export const MAX_IMPORT_FILE_BYTES = 10 * 1024 * 1024;

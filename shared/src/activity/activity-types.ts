import type { Tables } from '../backend/database.types';

/** One entry of a board's history, as the `activity` table stores it (migration 20261124000100). */
export type ActivityEntry = Tables<'activity'>;

/** Whose history: a board's, or one card's on that board. */
export interface ActivityScope {
  boardId: string;
  cardId?: string | null;
}

/** Where the next older page starts: the oldest entry held so far (keyset, newest first). */
export interface ActivityCursor {
  createdAt: string;
  id: string;
}

/** Entries a page; the number. */
export const ACTIVITY_PAGE_SIZE = 50;

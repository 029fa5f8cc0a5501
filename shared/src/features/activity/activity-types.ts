import type { Tables } from '../../kernel/backend/database.types';

/** One entry of a board's history, as the `activity` table stores it (migration 20261124000100). */
export type ActivityEntry = Tables<'activity'>;

/**
 * What an entry is about: the kinds the check constraint `activity_kind_check` allows
 * (migrations 20261124000100 and 20261124001200). `ActivityEntry.kind` stays a string, since a
 * newer database may write a kind this client does not know yet.
 */
export type ActivityKind =
  | 'card_created'
  | 'card_moved'
  | 'card_renamed'
  | 'card_deleted'
  | 'card_restored'
  // Off the board into the archive and back (migration 20261126006000_archive).
  | 'card_archived'
  | 'card_unarchived'
  | 'card_due_date'
  | 'card_priority'
  | 'card_description'
  // Any other card column: data { field, before, after }.
  | 'card_field_changed'
  | 'assignee_added'
  | 'assignee_removed'
  | 'label_added'
  | 'label_removed'
  | 'subtask_added'
  | 'subtask_changed'
  | 'subtask_removed'
  | 'comment_added'
  | 'comment_edited'
  | 'comment_removed'
  // data { attachment_id, name }.
  | 'attachment_added'
  | 'attachment_removed'
  | 'list_created'
  | 'list_renamed'
  | 'list_deleted'
  | 'list_archived'
  | 'list_unarchived'
  | 'member_added'
  | 'member_removed'
  // One entry for a whole import (import_board): data { board_title, lists, cards }.
  | 'board_imported';

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

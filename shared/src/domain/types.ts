// The vocabulary of the store, the data access and the remotes. Row shapes come from the
// Database type that `npm run gen:types` generates from supabase/migrations, so a new column
// reaches every row type at once; what is written here is only what the client adds: the
// narrowing that a check constraint guarantees, and the board document that `board_snapshot`
// assembles.
import type { Tables } from '../kernel/backend/database.types';

export type Priority = 'low' | 'medium' | 'high' | 'urgent';
/** `board_members.role` is text with a check constraint: these two values only. */
export type MemberRole = 'owner' | 'member';

/** What a fellow member may read of a profile (the snapshot and fetchProfile select these). */
export type Profile = Pick<Tables<'profiles'>, 'id' | 'full_name' | 'email'>;

export type Board = Tables<'boards'>;

export type BoardMember = Omit<Tables<'board_members'>, 'role'> & {
  role: MemberRole;
  /** Joined by the snapshot; null until a realtime-inserted member's profile is fetched. */
  profile: Profile | null;
};

export type BoardLabel = Tables<'board_labels'>;
export type BoardList = Tables<'lists'>;
export type ChecklistItem = Tables<'card_checklist_items'>;
export type CardComment = Tables<'card_comments'>;
/** A file on a card (its bytes are the object `object_path` in bucket `attachments`). */
export type CardAttachment = Tables<'card_attachments'>;

/**
 * A card row as stored in `cards`. `priority` stays the generated `string` on purpose: an
 * unknown value is shown as medium (docs/product-spec.md §3, normalizePriority).
 */
export type CardRow = Tables<'cards'>;

/** A card assembled with its children, as the board document carries it. */
export interface Card extends CardRow {
  assignee_ids: string[];
  label_ids: string[];
  checklist: ChecklistItem[];
  comments: CardComment[];
  attachments: CardAttachment[];
}

/** The JSON document returned by the `board_snapshot` RPC. */
export interface BoardSnapshot {
  board: Board;
  members: BoardMember[];
  labels: BoardLabel[];
  lists: BoardList[];
  cards: Card[];
}

/** What the board store knows about one board, normalised by id. */
export interface BoardData {
  board: Board;
  members: BoardMember[];
  labels: BoardLabel[];
  lists: Record<string, BoardList>;
  cards: Record<string, Card>;
}

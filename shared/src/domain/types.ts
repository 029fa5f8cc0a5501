// Row shapes of the public schema (supabase/migrations) as the client receives them, and the
// board document that `board_snapshot` returns. Kept in one place so that the store, the data
// access and the remotes agree on one vocabulary.

export type Priority = 'low' | 'medium' | 'high' | 'urgent';
export type MemberRole = 'owner' | 'member';

export interface Profile {
  id: string;
  full_name: string | null;
  email: string | null;
}

export interface Board {
  id: string;
  title: string;
  owner_id: string;
  background: string;
  created_at: string;
}

export interface BoardMember {
  id: string;
  board_id: string;
  user_id: string;
  role: MemberRole;
  created_at: string;
  profile: Profile | null;
}

export interface BoardLabel {
  id: string;
  board_id: string;
  name: string;
  color: string;
  created_at: string;
}

export interface BoardList {
  id: string;
  board_id: string;
  title: string;
  position: number;
  created_at: string;
}

export interface ChecklistItem {
  id: string;
  card_id: string;
  text: string;
  completed: boolean;
  position: number;
  due_date: string | null;
  assigned_to: string | null;
  created_at: string;
}

export interface CardComment {
  id: string;
  card_id: string;
  user_id: string;
  text: string;
  created_at: string;
}

/** A card row as stored in `cards`. */
export interface CardRow {
  id: string;
  list_id: string;
  board_id: string;
  title: string;
  description: string;
  due_date: string | null;
  /** Typed loosely on purpose: an unknown value is shown as medium (spec §3). */
  priority: string;
  position: number;
  created_at: string;
}

/** A card assembled with its children, as the board document carries it. */
export interface Card extends CardRow {
  assignee_ids: string[];
  label_ids: string[];
  checklist: ChecklistItem[];
  comments: CardComment[];
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

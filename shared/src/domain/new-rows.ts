// New rows as the database would store them: the one place where the migrations' column
// defaults are repeated on the client. The store draws its optimistic rows with it, and the
// fixtures of every test and the demo seed are made with it, so they all agree with the schema.
// Typed from the generated Database type: a column added without a default is a compile error
// wherever a row is made without it, and a column added with a default (or nullable) is a
// compile error below until its default is written here.
import type { Database } from '../kernel/backend/database.types';
import type { BoardMember, Card, MemberRole, Profile } from './types';
import { newId } from './new-id';

type Table = keyof Database['public']['Tables'];
type Row<T extends Table> = Database['public']['Tables'][T]['Row'];
type Insert<T extends Table> = Database['public']['Tables'][T]['Insert'];

/** Tables whose rows have their own id (not the link tables keyed by both ends). */
type TableWithId = { [T in Table]: 'id' extends keyof Row<T> ? T : never }[Table];

/** Set per row: an id made on the client (see new-id.ts) and the time of creation. */
type PerRowColumn = 'id' | 'created_at';
/** Columns that default to the caller (`auth.uid()`): the client always names the user. */
type CallerColumn = 'owner_id' | 'user_id';

type OptionalInsertColumn<T extends Table> = {
  [K in keyof Insert<T>]-?: object extends Pick<Insert<T>, K> ? K : never;
}[keyof Insert<T>];

type DefaultedColumn<T extends Table> = Exclude<
  OptionalInsertColumn<T>,
  PerRowColumn | CallerColumn
>;

/**
 * A row the user edits in place starts at version 1 (migration 20261126015000_row_versions);
 * its writer (`updated_by`, the server's) is unknown to an optimistic row.
 */
const versioned = { version: 1, updated_by: null };

/** The value every defaulted (or nullable) column takes when an insert leaves it out. */
const columnDefaults: {
  [T in Table]: Required<Pick<Row<T>, DefaultedColumn<T> & keyof Row<T>>>;
} = {
  profiles: { full_name: '', email: null },
  boards: { background: 'bg-gradient-to-br from-blue-500 to-indigo-600', archived_at: null },
  board_members: { role: 'member' },
  board_labels: { color: 'bg-blue-100 text-blue-800', ...versioned },
  lists: { position: 0, archived_at: null, ...versioned },
  cards: {
    description: '',
    due_date: null,
    priority: 'medium',
    position: 0,
    deleted_at: null,
    archived_at: null,
    ...versioned,
    cover_attachment_id: null,
  },
  card_assignees: {},
  card_tags: {},
  card_checklist_items: {
    text: '',
    completed: false,
    position: 0,
    due_date: null,
    assigned_to: null,
    ...versioned,
  },
  card_comments: {
    edited_at: null,
    imported_author_name: null,
    imported_at: null,
    ...versioned,
  },
  card_attachments: {
    size: 0,
    mime_type: 'application/octet-stream',
    uploaded_by: null,
    image_width: null,
    image_height: null,
  },
  activity: { card_id: null, actor_id: null, data: {} },
  // Written by invite_board_member only; the client never draws one.
  board_invitations: { invited_by: null, mailed_at: null },
  notifications: {
    actor_id: null,
    board_id: null,
    card_id: null,
    comment_id: null,
    data: {},
    read_at: null,
  },
  card_watchers: { watching: true },
  board_watchers: {},
  notification_settings: { digest: 'daily' },
};

/** What a new row must be given: the columns without a default, and the user where it is one. */
export type NewRowValues<T extends TableWithId> = Omit<
  Insert<T>,
  DefaultedColumn<T> | PerRowColumn | CallerColumn
> &
  Pick<Row<T>, CallerColumn & keyof Row<T>> &
  Partial<Row<T>>;

export const newRow = <T extends TableWithId>(table: T, values: NewRowValues<T>): Row<T> =>
  ({
    id: newId(),
    created_at: new Date().toISOString(),
    ...columnDefaults[table],
    ...values,
  }) as Row<T>;

/**
 * What a client may send of a new row: the columns granted for insert in
 * supabase/migrations/20261126004000_server_owned_fields.sql. The server sets the others
 * (created_at, edited_at, deleted_at, a card's board_id) and refuses them with 42501, so a row
 * made by newRow goes through here before it is inserted. A column added for clients to write
 * is granted there and named here.
 */
const insertableColumns: { [T in TableWithId]?: readonly (keyof Insert<T>)[] } = {
  boards: ['id', 'title', 'owner_id', 'background'],
  board_members: ['id', 'board_id', 'user_id', 'role'],
  lists: ['id', 'board_id', 'title', 'position'],
  cards: ['id', 'list_id', 'title', 'description', 'due_date', 'priority', 'position'],
  board_labels: ['id', 'board_id', 'name', 'color'],
  card_checklist_items: [
    'id',
    'card_id',
    'text',
    'completed',
    'position',
    'due_date',
    'assigned_to',
  ],
  card_comments: ['id', 'card_id', 'user_id', 'text'],
  card_attachments: ['id', 'card_id', 'object_path', 'name', 'image_width', 'image_height'],
};

/** The part of a row a client may insert (see insertableColumns). */
export const forInsert = <T extends TableWithId>(table: T, row: Partial<Row<T>>): Insert<T> => {
  const columns = (insertableColumns[table] ?? []) as readonly string[];
  return Object.fromEntries(
    Object.entries(row).filter(([column]) => columns.includes(column)),
  ) as Insert<T>;
};

/** A new card as the board document carries it: no assignees, labels, subtasks or comments. */
export const newCard = (values: NewRowValues<'cards'> & Partial<Card>): Card => ({
  assignee_ids: [],
  label_ids: [],
  checklist: [],
  comments: [],
  attachments: [],
  ...newRow('cards', values),
});

/** A membership with the member's profile, as the board document carries it. */
export const newMember = (
  values: NewRowValues<'board_members'> & { role?: MemberRole; profile?: Profile | null },
): BoardMember => {
  const { profile = null, ...row } = values;
  const member = newRow('board_members', row);
  return { ...member, role: member.role as MemberRole, profile };
};

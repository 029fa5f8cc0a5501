/** The tables whose changes the board store applies. */
export type BoardTable =
  | 'profiles'
  | 'boards'
  | 'board_members'
  | 'board_labels'
  | 'lists'
  | 'cards'
  | 'card_assignees'
  | 'card_tags'
  | 'card_checklist_items'
  | 'card_comments'
  | 'card_attachments';

export type ChangeType = 'INSERT' | 'UPDATE' | 'DELETE';

/**
 * One row change, in the shape of a Supabase postgres_changes payload: `new` is the row for
 * INSERT/UPDATE (empty for DELETE), `old` carries at least the primary key for DELETE. The store
 * feeds both realtime events and the rows its own writes get back through the same reducer.
 */
export interface RowChange {
  table: BoardTable;
  eventType: ChangeType;
  new: Record<string, unknown>;
  old: Record<string, unknown>;
}

export const insertOrUpdate = (table: BoardTable, row: object): RowChange => ({
  table,
  eventType: 'UPDATE',
  new: row as Record<string, unknown>,
  old: {},
});

export const deletion = (table: BoardTable, key: Record<string, unknown>): RowChange => ({
  table,
  eventType: 'DELETE',
  new: {},
  old: key,
});

/** A stable identity of the row a change is about, for ordering own writes against echoes. */
export const rowKey = (change: RowChange): string => {
  const row = change.eventType === 'DELETE' ? change.old : change.new;
  switch (change.table) {
    case 'card_assignees':
      return `${change.table}:${String(row.card_id)}:${String(row.user_id)}`;
    case 'card_tags':
      return `${change.table}:${String(row.card_id)}:${String(row.label_id)}`;
    default:
      return `${change.table}:${String(row.id)}`;
  }
};

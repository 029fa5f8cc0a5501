import type { Tables, TablesInsert, TablesUpdate } from './database.types';
import { getSupabase } from './supabase-client';
import { check, unwrap } from './api-error';

/** The tables whose rows the app writes one at a time by their `id`. */
type RowTable =
  'boards' | 'lists' | 'cards' | 'board_labels' | 'card_checklist_items' | 'card_comments';

/*
 * supabase-js types each call by the literal table name; over a union of names its overloads
 * cannot resolve, so the one generic call goes through this untyped view of the client. The
 * signatures below restore the per-table types for every caller.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const from = (table: RowTable): any => getSupabase().from(table);

/** Inserts one row and answers with it as the server stored it (defaults, triggers applied). */
export const insertRow = async <T extends RowTable>(
  table: T,
  row: TablesInsert<T>,
): Promise<Tables<T>> => unwrap<Tables<T>>(await from(table).insert(row).select().single());

/** Changes the row with this id; answers with the changed row. Row-level security decides. */
export const updateRowById = async <T extends RowTable>(
  table: T,
  id: string,
  patch: TablesUpdate<T>,
): Promise<Tables<T>> =>
  unwrap<Tables<T>>(await from(table).update(patch).eq('id', id).select().single());

/** The row with this id as stored now, or null when it is gone or row-level security hides it. */
export const selectRowById = async (
  table: string,
  id: string,
): Promise<Record<string, unknown> | null> =>
  unwrap<Record<string, unknown> | null>(
    await from(table as RowTable)
      .select()
      .eq('id', id)
      .maybeSingle(),
  );

export const deleteRowById = async (table: RowTable, id: string): Promise<void> =>
  check(await from(table).delete().eq('id', id));

/**
 * The three row calls of one table, for its API module to export under its own names; `Patch`
 * narrows what an update may change to the columns the migration lets members write.
 */
export const rowsOf = <T extends RowTable, Patch extends TablesUpdate<T> = TablesUpdate<T>>(
  table: T,
) => ({
  insert: (row: TablesInsert<T>) => insertRow(table, row),
  update: (id: string, patch: Patch) => updateRowById(table, id, patch),
  remove: (id: string) => deleteRowById(table, id),
});

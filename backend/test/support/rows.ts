/**
 * Rows written through supabase-js as a signed-in user, row-level security on, as the app writes
 * them: for backend tests and e2e journeys that set up a board of their own. No test runner
 * imports here, so node:test files may use it too.
 */
import type { SupabaseClient } from '@supabase/supabase-js';

/** The data of an answer that must not be an error (a void RPC's data is null). */
export const must = <T>({ data, error }: { data: T; error: unknown }): NonNullable<T> => {
  if (error) throw error instanceof Error ? error : new Error(JSON.stringify(error));
  return data as NonNullable<T>;
};

/** Inserts one row into `table` and returns its id. */
export const insertRow = async (
  client: SupabaseClient,
  table: string,
  row: Record<string, unknown>,
): Promise<string> => must(await client.from(table).insert(row).select('id').single()).id;

export const newBoard = (client: SupabaseClient, title: string) =>
  insertRow(client, 'boards', { title });

export const newList = (client: SupabaseClient, boardId: string, title: string) =>
  insertRow(client, 'lists', { board_id: boardId, title, position: 1024 });

export const newCard = (
  client: SupabaseClient,
  listId: string,
  title: string,
  fields: Record<string, unknown> = {},
) => insertRow(client, 'cards', { list_id: listId, title, position: 1024, ...fields });

/**
 * Inserts lists titled `titles` on a board in one statement, positioned in that order, and
 * returns their ids in that order.
 */
export const newLists = async (
  client: SupabaseClient,
  boardId: string,
  titles: string[],
): Promise<string[]> => {
  const rows = must(
    await client
      .from('lists')
      .insert(titles.map((title, i) => ({ board_id: boardId, title, position: 1024 * (i + 1) })))
      .select('id, title'),
  ) as { id: string; title: string }[];
  return titles.map((title) => rows.find((row) => row.title === title)!.id);
};

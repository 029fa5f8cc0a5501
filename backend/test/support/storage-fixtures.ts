/**
 * Storage test fixtures: a private bucket whose policies mirror the attachments bucket's
 * (members of the board named by the path's first folder may read, add, replace and remove),
 * made in the test's own database, and boards with members made directly in SQL.
 */
import type { TestBackend } from './backend.ts';

export const MEMBERS_BUCKET = 'test-board-files';

/** One policy per operation, `to authenticated`, as supabase/schemas writes them. */
export const createMembersBucket = async (
  backend: TestBackend,
  options: { fileSizeLimit?: number } = {},
) => {
  const inBoard = `bucket_id = '${MEMBERS_BUCKET}'
    and (storage.foldername(name))[1] in (select b::text from private.my_board_ids() b)`;
  await backend.sql(
    `insert into storage.buckets (id, name, public, file_size_limit) values ($1, $1, false, $2)`,
    [MEMBERS_BUCKET, options.fileSizeLimit ?? null],
  );
  await backend.sql(
    `create policy "members read" on storage.objects for select to authenticated using (${inBoard})`,
  );
  await backend.sql(
    `create policy "members add" on storage.objects for insert to authenticated with check (${inBoard})`,
  );
  await backend.sql(
    `create policy "members replace" on storage.objects for update to authenticated using (${inBoard}) with check (${inBoard})`,
  );
  await backend.sql(
    `create policy "members remove" on storage.objects for delete to authenticated using (${inBoard})`,
  );
};

/** A board owned by `ownerId` (its owner row comes from the board trigger). */
export const boardOf = async (backend: TestBackend, ownerId: string, title = 'Dateien') => {
  const [row] = await backend.sql<{ id: string }>(
    'insert into public.boards (title, owner_id) values ($1, $2) returning id',
    [title, ownerId],
  );
  return row!.id;
};

export const addMember = (backend: TestBackend, boardId: string, userId: string) =>
  backend.sql(
    `insert into public.board_members (board_id, user_id, role) values ($1, $2, 'member')`,
    [boardId, userId],
  );

export const removeMember = (backend: TestBackend, boardId: string, userId: string) =>
  backend.sql('delete from public.board_members where board_id = $1 and user_id = $2', [
    boardId,
    userId,
  ]);

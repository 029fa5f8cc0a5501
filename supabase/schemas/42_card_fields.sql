-- supabase/schemas: the current definition of each function and trigger. Edit here, then
-- `npm run gen:migration -- <name>` writes the migration (docs/data-model.md "Functions and
-- triggers").
--
-- The one place that names columns of public.cards that do not travel on their own.
-- Every other column is exported (export_board), imported (import_board) and recorded in the
-- history (a `card_field_changed` entry) by its name, read from the table itself, so a new
-- column needs none of those functions changed. backend/test/card-columns.test.ts fails for a
-- column that neither travels nor is named here.

-- Not in a board document, so never read from one: the server's own (ids; the board, which
-- follows the list; the time of creation; the soft delete and the archive, whose cards are not
-- exported; the row version and its last writer, which belong to this server's rows) and the
-- list, which is the document's structure (a card sits in its list's array).
create or replace function private.card_fields_not_exported()
returns text[]
language sql
immutable
set search_path = ''
as $$
  select array['id', 'list_id', 'board_id', 'created_at', 'deleted_at', 'archived_at', 'version',
    'updated_by', 'cover_attachment_id']
$$;

comment on function private.card_fields_not_exported() is
  'Columns of public.cards that export_board leaves out and import_board never reads from a document (server-owned, or the document''s structure).';

revoke execute on function private.card_fields_not_exported() from public, anon;
grant execute on function private.card_fields_not_exported() to authenticated, service_role;

-- Not in the history: what never changes (id, created_at; board_id follows list_id, whose change
-- is a move), position, since a reorder inside a list is visible on the board and the
-- renumber RPCs would flood the history, and the row version and last writer (every update).
create or replace function private.card_fields_not_recorded()
returns text[]
language sql
immutable
set search_path = ''
as $$
  select array['id', 'board_id', 'created_at', 'position', 'version', 'updated_by',
    'cover_attachment_id']
$$;

comment on function private.card_fields_not_recorded() is
  'Columns of public.cards whose change writes no activity entry.';

revoke execute on function private.card_fields_not_recorded() from public, anon;
grant execute on function private.card_fields_not_recorded() to authenticated, service_role;

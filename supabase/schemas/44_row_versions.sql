-- supabase/schemas: the current definition of each function and trigger. Edit here, then
-- `npm run gen:migration -- <name>` writes the migration (docs/data-model.md "Functions and
-- triggers").
--
-- Row versions (the columns: migration 20261126015000_row_versions.sql).

create or replace function private.check_row_version()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  -- An update that names a version other than the stored one was based on a row that has
  -- changed since: refused, so the client can show both values (a client naming none, or an
  -- RPC, leaves new.version as it was).
  if new.version is distinct from old.version then
    raise exception 'The row was changed meanwhile (version % is not %)', new.version, old.version
      using errcode = 'PT409',
        hint = 'Load the row again and decide which change to keep.';
  end if;
  new.version := old.version + 1;
  new.updated_by := coalesce((select auth.uid()), old.updated_by);
  return new;
end;
$$;

comment on function private.check_row_version() is
  'Trigger: refuses (PT409) an update naming a version other than the row''s, else bumps version and records updated_by.';

revoke execute on function private.check_row_version() from public, anon, authenticated;

create or replace trigger check_row_version
  before update on public.cards
  for each row
  execute function private.check_row_version();

create or replace trigger check_row_version
  before update on public.lists
  for each row
  execute function private.check_row_version();

create or replace trigger check_row_version
  before update on public.board_labels
  for each row
  execute function private.check_row_version();

create or replace trigger check_row_version
  before update on public.card_checklist_items
  for each row
  execute function private.check_row_version();

create or replace trigger check_row_version
  before update on public.card_comments
  for each row
  execute function private.check_row_version();

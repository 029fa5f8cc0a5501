-- supabase/schemas: the current definition of each function and trigger. Edit here, then
-- `npm run gen:migration -- <name>` writes the migration (docs/data-model.md "Functions and
-- triggers").
--
-- The archive of cards, lists and boards (the columns: migration 20261126006000_archive.sql).

create or replace function private.stamp_archived_at()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  -- The server's clock, not the client's, starts the 30 days; archiving again keeps them.
  if new.archived_at is not null then
    new.archived_at := coalesce(old.archived_at, now());
  end if;
  return new;
end;
$$;

comment on function private.stamp_archived_at() is
  'Trigger: archived_at (cards, lists, boards) takes the server''s time when a row is archived.';

revoke execute on function private.stamp_archived_at() from public, anon, authenticated;

create or replace trigger stamp_archived_at
  before update of archived_at on public.cards
  for each row
  when (old.archived_at is distinct from new.archived_at)
  execute function private.stamp_archived_at();

create or replace trigger stamp_archived_at
  before update of archived_at on public.lists
  for each row
  when (old.archived_at is distinct from new.archived_at)
  execute function private.stamp_archived_at();

create or replace trigger stamp_archived_at
  before update of archived_at on public.boards
  for each row
  when (old.archived_at is distinct from new.archived_at)
  execute function private.stamp_archived_at();

-- Security definer: the purge removes what expired on every board, not only the caller's.
create or replace function private.purge_archived()
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_cutoff constant timestamptz := now() - interval '30 days';
  v_purged integer := 0;
  v_rows integer;
begin
  -- Boards first: their lists and cards go with them by cascade.
  delete from public.boards b where b.archived_at < v_cutoff;
  get diagnostics v_rows = row_count;
  v_purged := v_purged + v_rows;
  delete from public.lists l where l.archived_at < v_cutoff;
  get diagnostics v_rows = row_count;
  v_purged := v_purged + v_rows;
  delete from public.cards c where c.archived_at < v_cutoff;
  get diagnostics v_rows = row_count;
  return v_purged + v_rows;
end;
$$;

comment on function private.purge_archived() is
  'Deletes for good the boards, lists and cards archived more than 30 days ago; returns how many rows it deleted itself (not their cascade). Runs after every statement that archives or restores; may also be scheduled with pg_cron.';

revoke execute on function private.purge_archived() from public, anon, authenticated;
grant execute on function private.purge_archived() to service_role;

-- Security definer too: it runs as the member who archived, who may not execute the purge.
create or replace function private.purge_archived_after_update()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.purge_archived();
  return null;
end;
$$;

comment on function private.purge_archived_after_update() is
  'Trigger: purges what was archived more than 30 days ago after a statement that archived or restored.';

revoke execute on function private.purge_archived_after_update() from public, anon, authenticated;

create or replace trigger purge_archived
  after update of archived_at on public.cards
  for each statement
  execute function private.purge_archived_after_update();

create or replace trigger purge_archived
  after update of archived_at on public.lists
  for each statement
  execute function private.purge_archived_after_update();

create or replace trigger purge_archived
  after update of archived_at on public.boards
  for each statement
  execute function private.purge_archived_after_update();

-- supabase/schemas: the current definition of each function and trigger. Edit here, then
-- `npm run gen:migration -- <name>` writes the migration (docs/data-model.md "Functions and
-- triggers").
--
-- Undoable card deletion (the column: migration 20261123000400_card_soft_delete.sql).

create or replace function private.stamp_card_deletion()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  -- The server's clock, not the client's, starts the undo window; a second delete keeps it.
  if new.deleted_at is not null then
    new.deleted_at := coalesce(old.deleted_at, now());
  end if;
  return new;
end;
$$;

comment on function private.stamp_card_deletion() is
  'Trigger: cards.deleted_at takes the server''s time when a card is deleted.';

revoke execute on function private.stamp_card_deletion() from public, anon, authenticated;

create or replace trigger stamp_card_deletion
  before update of deleted_at on public.cards
  for each row
  when (old.deleted_at is distinct from new.deleted_at)
  execute function private.stamp_card_deletion();

-- Security definer: the purge removes expired cards of every board, not only the caller's.
create or replace function private.purge_deleted_cards()
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_purged integer;
begin
  delete from public.cards c where c.deleted_at < now() - interval '30 seconds';
  get diagnostics v_purged = row_count;
  return v_purged;
end;
$$;

comment on function private.purge_deleted_cards() is
  'Deletes for good the cards soft-deleted more than 30 seconds ago; returns how many. Runs after every soft delete; may also be scheduled with pg_cron.';

revoke execute on function private.purge_deleted_cards() from public, anon, authenticated;
grant execute on function private.purge_deleted_cards() to service_role;

-- Security definer too: it runs as the member who deleted, who may not execute the purge.
create or replace function private.purge_deleted_cards_after_delete()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.purge_deleted_cards();
  return null;
end;
$$;

comment on function private.purge_deleted_cards_after_delete() is
  'Trigger: purges expired soft-deleted cards after a statement that deleted or restored cards.';

revoke execute on function private.purge_deleted_cards_after_delete()
  from public, anon, authenticated;

create or replace trigger purge_deleted_cards
  after update of deleted_at on public.cards
  for each statement
  execute function private.purge_deleted_cards_after_delete();

-- Deleting a card can be undone for a few seconds (issue 10, a deliberate change to spec §8).
--
-- Design: a soft delete in the database, not a copy kept in the browser. The app's delete sets
-- cards.deleted_at; the card keeps its position, labels, assignees, subtasks and comments, and
-- undo clears the column again. So nothing is lost if the browser closes during the undo
-- window, and every member learns both steps from the ordinary realtime UPDATE of the card row,
-- which their clients treat as "gone" and "back": no card ever disappears and reappears by
-- DELETE and INSERT, so nobody sees one flicker.
--
-- A soft-deleted card stays readable by the board's members (row-level security unchanged) on
-- purpose: a policy hiding it would also hide the UPDATE that announces the deletion, and
-- realtime would never tell the other members. Clients treat `deleted_at is not null` as gone.
--
-- Purge: a card deleted more than 30 seconds ago (the app offers undo for 8) is deleted for
-- good, children by cascade. It runs server-side on the next soft delete (a statement trigger),
-- so it needs no scheduler here; a hosted project may also schedule
-- `select private.purge_deleted_cards()` with pg_cron (e.g. every minute) so that the last
-- deletion of a quiet project is purged as well. Until purged, a card can be restored.

alter table public.cards add column deleted_at timestamptz;

comment on column public.cards.deleted_at is
  'When the card was deleted (soft delete, undoable); null for a live card. Set to the server''s time by trigger whatever the client sends; cleared by undo; purged 30 seconds after.';

-- Only deleted cards are indexed: the purge looks for old ones, every other query ignores it.
create index cards_deleted_at_idx on public.cards (deleted_at) where deleted_at is not null;

-- Members may set and clear it like any other card column (policy "cards: members update").
grant update (deleted_at) on table public.cards to authenticated;

create function private.stamp_card_deletion()
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

create trigger stamp_card_deletion
  before update of deleted_at on public.cards
  for each row
  when (old.deleted_at is distinct from new.deleted_at)
  execute function private.stamp_card_deletion();

-- Security definer: the purge removes expired cards of every board, not only the caller's.
create function private.purge_deleted_cards()
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

-- Security definer too: it runs as the member who deleted, who may not execute the purge.
create function private.purge_deleted_cards_after_delete()
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

create trigger purge_deleted_cards
  after update of deleted_at on public.cards
  for each statement
  execute function private.purge_deleted_cards_after_delete();

revoke execute on function private.stamp_card_deletion() from public, anon, authenticated;
revoke execute on function private.purge_deleted_cards() from public, anon, authenticated;
revoke execute on function private.purge_deleted_cards_after_delete()
  from public, anon, authenticated;
grant execute on function private.purge_deleted_cards() to service_role;

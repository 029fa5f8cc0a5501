-- supabase/schemas: the current definition of each function and trigger. Edit here, then
-- `npm run gen:migration -- <name>` writes the migration (docs/data-model.md "Functions and
-- triggers").
--
-- renumber_list and renumber_board_lists (docs/data-model.md).

-- Renumbering when a gap between positions runs out.
--
-- A move writes one row at a position between its neighbours (20261122000300). Halving a gap
-- runs out after about 20 moves into the same place; the client then asks for the list to be
-- renumbered to 1024, 2048, … in the order it already has, and places its row between the new
-- neighbours. That is one RPC and one transaction, not one request per row from the client.
--
-- The order is the one every client sorts by: position, then created_at, then id. Security
-- invoker: the caller's row-level security decides (a member renumbers the lists and cards of
-- their boards; for anyone else the update finds no rows and nothing changes), and only the
-- position column, which members may update anyway, is written.
--
-- Concurrency: the list (or board) row is locked first, which waits for a card being moved or
-- added into the list (its foreign-key check holds a key-share lock on the list row), then the
-- rows themselves are locked, so the numbering is computed from a snapshot taken after every
-- concurrent move has committed and no move is overwritten with a stale position.

create or replace function public.renumber_list(p_list_id uuid)
returns setof public.cards
language plpgsql
security invoker
set search_path = ''
as $$
begin
  perform 1 from public.lists l where l.id = p_list_id for update;
  perform 1 from public.cards c where c.list_id = p_list_id order by c.id for update;

  return query
  update public.cards c
  set position = ranked.rank * 1024
  from (
    select c2.id, row_number() over (order by c2.position, c2.created_at, c2.id) as rank
    from public.cards c2
    where c2.list_id = p_list_id
  ) ranked
  where c.id = ranked.id and c.list_id = p_list_id
  returning c.*;
end;
$$;

comment on function public.renumber_list(uuid) is
  'Renumbers the cards of a list to 1024, 2048, ... in their order (position, created_at, id), in one transaction, when a gap has run out. Row-level security decides; returns the renumbered rows.';

revoke execute on function public.renumber_list(uuid) from public, anon;
grant execute on function public.renumber_list(uuid) to authenticated, service_role;

create or replace function public.renumber_board_lists(p_board_id uuid)
returns setof public.lists
language plpgsql
security invoker
set search_path = ''
as $$
begin
  perform 1 from public.lists l where l.board_id = p_board_id order by l.id for update;

  return query
  update public.lists l
  set position = ranked.rank * 1024
  from (
    select l2.id, row_number() over (order by l2.position, l2.created_at, l2.id) as rank
    from public.lists l2
    where l2.board_id = p_board_id
  ) ranked
  where l.id = ranked.id and l.board_id = p_board_id
  returning l.*;
end;
$$;

comment on function public.renumber_board_lists(uuid) is
  'Renumbers the lists of a board to 1024, 2048, ... in their order (position, created_at, id), in one transaction, when a gap has run out. Row-level security decides; returns the renumbered rows.';

revoke execute on function public.renumber_board_lists(uuid) from public, anon;
grant execute on function public.renumber_board_lists(uuid) to authenticated, service_role;

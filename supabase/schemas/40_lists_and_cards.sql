-- supabase/schemas: the current definition of each function and trigger. Edit here, then
-- `npm run gen:migration -- <name>` writes the migration (docs/data-model.md "Functions and
-- triggers").
--
-- Lists, cards and assignees (tables and policies: migration 20261122000300_lists_and_cards.sql).

-- Security definer: the list must be found even before the caller's rights are checked, so
-- that a card aimed at a foreign board fails the insert policy (42501) rather than a NOT NULL.
create or replace function public.set_card_board_id()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_board_id uuid;
begin
  if new.list_id is null then
    raise exception using
      errcode = 'not_null_violation',
      message = 'A card needs a list (list_id)',
      schema = 'public', table = 'cards', column = 'list_id';
  end if;

  select l.board_id into v_board_id from public.lists l where l.id = new.list_id;
  if v_board_id is null then
    raise exception using
      errcode = 'foreign_key_violation',
      message = format('List %s does not exist', new.list_id),
      schema = 'public', table = 'cards', constraint = 'cards_list_id_fkey';
  end if;

  -- Assignees and labels belong to the board; carrying them to another board would break both.
  if tg_op = 'UPDATE' and v_board_id <> old.board_id then
    raise exception using
      errcode = 'check_violation',
      message = 'A card can only move to a list on its own board',
      schema = 'public', table = 'cards', constraint = 'cards_same_board_check';
  end if;

  new.board_id := v_board_id;
  return new;
end;
$$;

revoke execute on function public.set_card_board_id() from public, anon, authenticated;

create or replace trigger set_card_board_id
  before insert or update of list_id, board_id on public.cards
  for each row execute function public.set_card_board_id();

-- An AFTER trigger, so that the insert policy (42501) and the foreign keys (23503, whose
-- triggers sort first by name) have spoken before this check reports on the board's members.
create or replace function public.check_card_assignee_is_member()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (
    select 1
    from public.cards c
    join public.board_members m on m.board_id = c.board_id and m.user_id = new.user_id
    where c.id = new.card_id
  ) then
    raise exception using
      errcode = 'check_violation',
      message = 'A card can only be assigned to a member of its board',
      schema = 'public', table = 'card_assignees', constraint = 'card_assignees_member_check';
  end if;
  return null;
end;
$$;

revoke execute on function public.check_card_assignee_is_member() from public, anon, authenticated;

create or replace trigger check_card_assignee_is_member
  after insert or update on public.card_assignees
  for each row execute function public.check_card_assignee_is_member();

-- Someone who leaves a board (or is removed) stops being assigned to its cards.
create or replace function public.unassign_departed_member_from_cards()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.card_assignees a
  using public.cards c
  where a.card_id = c.id and c.board_id = old.board_id and a.user_id = old.user_id;
  return null;
end;
$$;

revoke execute on function public.unassign_departed_member_from_cards()
  from public, anon, authenticated;

create or replace trigger unassign_departed_member_from_cards
  after delete on public.board_members
  for each row execute function public.unassign_departed_member_from_cards();

-- Lists (columns) and cards, and who is assigned to a card.
--
-- Ordering: `position` is a number with room between neighbours. New rows go to the end at
-- last + 1024; a moved row takes a value between its new neighbours, so a move writes one row
-- (renumbering a whole list per move is what makes other boards slow). Ties break by
-- created_at.
--
-- cards.board_id duplicates lists.board_id on purpose: policies and the board snapshot filter
-- cards by board without a join or a per-row function call. A trigger fills it from list_id,
-- so clients never send it and it cannot drift.

create table public.lists (
  id uuid primary key default gen_random_uuid(),
  board_id uuid not null references public.boards (id) on delete cascade,
  title text not null,
  position double precision not null default 0,
  created_at timestamptz not null default now(),
  constraint lists_title_check check (btrim(title) <> '' and title = btrim(title))
);

comment on table public.lists is
  'A column of a board, ordered by position then created_at. Members read and change the lists of their boards; a list stays on its board.';

create index lists_board_id_position_idx on public.lists (board_id, position);

create table public.cards (
  id uuid primary key default gen_random_uuid(),
  list_id uuid not null references public.lists (id) on delete cascade,
  board_id uuid not null references public.boards (id) on delete cascade,
  title text not null,
  description text not null default '',
  due_date date,
  priority text not null default 'medium',
  position double precision not null default 0,
  created_at timestamptz not null default now(),
  constraint cards_title_check check (btrim(title) <> '' and title = btrim(title)),
  constraint cards_priority_check check (priority in ('low', 'medium', 'high', 'urgent'))
);

comment on table public.cards is
  'A task on a list, ordered by position then created_at. board_id is copied from the list by trigger (clients never send it). Members read and change the cards of their boards; a card moves between the lists of its own board only.';

create index cards_list_id_position_idx on public.cards (list_id, position);
create index cards_board_id_position_idx on public.cards (board_id, position);

create table public.card_assignees (
  card_id uuid not null references public.cards (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (card_id, user_id)
);

comment on table public.card_assignees is
  'Members assigned to a card; an assignee must be a member of the card''s board. Assignments of a member who leaves the board are removed.';

create index card_assignees_user_id_idx on public.card_assignees (user_id);

alter table public.lists enable row level security;
alter table public.cards enable row level security;
alter table public.card_assignees enable row level security;

create policy "lists: members read" on public.lists
  for select to authenticated
  using (board_id in (select public.my_board_ids()));

create policy "lists: members create" on public.lists
  for insert to authenticated
  with check (board_id in (select public.my_board_ids()));

create policy "lists: members update" on public.lists
  for update to authenticated
  using (board_id in (select public.my_board_ids()))
  with check (board_id in (select public.my_board_ids()));

create policy "lists: members delete" on public.lists
  for delete to authenticated
  using (board_id in (select public.my_board_ids()));

create policy "cards: members read" on public.cards
  for select to authenticated
  using (board_id in (select public.my_board_ids()));

create policy "cards: members create" on public.cards
  for insert to authenticated
  with check (board_id in (select public.my_board_ids()));

create policy "cards: members update" on public.cards
  for update to authenticated
  using (board_id in (select public.my_board_ids()))
  with check (board_id in (select public.my_board_ids()));

create policy "cards: members delete" on public.cards
  for delete to authenticated
  using (board_id in (select public.my_board_ids()));

-- Children of a card reach their board through cards.board_id: one hash semi-join per
-- statement instead of a function call per row.
create policy "card_assignees: members read" on public.card_assignees
  for select to authenticated
  using (
    card_id in (
      select c.id from public.cards c where c.board_id in (select public.my_board_ids())
    )
  );

create policy "card_assignees: members assign" on public.card_assignees
  for insert to authenticated
  with check (
    card_id in (
      select c.id from public.cards c where c.board_id in (select public.my_board_ids())
    )
  );

create policy "card_assignees: members unassign" on public.card_assignees
  for delete to authenticated
  using (
    card_id in (
      select c.id from public.cards c where c.board_id in (select public.my_board_ids())
    )
  );

-- A list never changes board (its cards' board_id would drift); a card's board follows its
-- list. Assignments are added or removed, never edited.
revoke all on table public.lists from anon, authenticated;
grant select, insert, delete on table public.lists to authenticated;
grant update (title, position) on table public.lists to authenticated;
grant all on table public.lists to service_role;

revoke all on table public.cards from anon, authenticated;
grant select, insert, delete on table public.cards to authenticated;
grant update (list_id, title, description, due_date, priority, position)
  on table public.cards to authenticated;
grant all on table public.cards to service_role;

revoke all on table public.card_assignees from anon, authenticated;
grant select, insert, delete on table public.card_assignees to authenticated;
grant all on table public.card_assignees to service_role;

-- Security definer: the list must be found even before the caller's rights are checked, so
-- that a card aimed at a foreign board fails the insert policy (42501) rather than a NOT NULL.
create function public.set_card_board_id()
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

create trigger set_card_board_id
  before insert or update of list_id, board_id on public.cards
  for each row execute function public.set_card_board_id();

-- An AFTER trigger, so that the insert policy (42501) and the foreign keys (23503, whose
-- triggers sort first by name) have spoken before this check reports on the board's members.
create function public.check_card_assignee_is_member()
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

create trigger check_card_assignee_is_member
  after insert or update on public.card_assignees
  for each row execute function public.check_card_assignee_is_member();

-- Someone who leaves a board (or is removed) stops being assigned to its cards.
create function public.unassign_departed_member_from_cards()
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

create trigger unassign_departed_member_from_cards
  after delete on public.board_members
  for each row execute function public.unassign_departed_member_from_cards();

revoke execute on function public.set_card_board_id() from public, anon, authenticated;
revoke execute on function public.check_card_assignee_is_member() from public, anon, authenticated;
revoke execute on function public.unassign_departed_member_from_cards()
  from public, anon, authenticated;

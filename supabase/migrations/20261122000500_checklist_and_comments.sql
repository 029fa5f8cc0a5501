-- Subtasks (checklist items) and comments of a card.

create table public.card_checklist_items (
  id uuid primary key default gen_random_uuid(),
  card_id uuid not null references public.cards (id) on delete cascade,
  -- May be empty: a new subtask is created blank and opened for editing.
  text text not null default '',
  completed boolean not null default false,
  position double precision not null default 0,
  due_date date,
  assigned_to uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now()
);

comment on table public.card_checklist_items is
  'A subtask of a card, ordered by position then created_at. Its assignee, if any, must be a member of the card''s board and is cleared when they leave it.';

create index card_checklist_items_card_id_position_idx
  on public.card_checklist_items (card_id, position);
create index card_checklist_items_assigned_to_idx on public.card_checklist_items (assigned_to);

create table public.card_comments (
  id uuid primary key default gen_random_uuid(),
  card_id uuid not null references public.cards (id) on delete cascade,
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  text text not null,
  created_at timestamptz not null default now(),
  constraint card_comments_text_check check (btrim(text) <> '' and text = btrim(text))
);

comment on table public.card_comments is
  'A comment on a card, ordered by created_at. Members read them; a comment is written only as oneself and edited or deleted only by its author.';

create index card_comments_card_id_created_at_idx on public.card_comments (card_id, created_at);
create index card_comments_user_id_idx on public.card_comments (user_id);

alter table public.card_checklist_items enable row level security;
alter table public.card_comments enable row level security;

create policy "card_checklist_items: members read" on public.card_checklist_items
  for select to authenticated
  using (
    card_id in (
      select c.id from public.cards c where c.board_id in (select public.my_board_ids())
    )
  );

create policy "card_checklist_items: members create" on public.card_checklist_items
  for insert to authenticated
  with check (
    card_id in (
      select c.id from public.cards c where c.board_id in (select public.my_board_ids())
    )
  );

create policy "card_checklist_items: members update" on public.card_checklist_items
  for update to authenticated
  using (
    card_id in (
      select c.id from public.cards c where c.board_id in (select public.my_board_ids())
    )
  )
  with check (
    card_id in (
      select c.id from public.cards c where c.board_id in (select public.my_board_ids())
    )
  );

create policy "card_checklist_items: members delete" on public.card_checklist_items
  for delete to authenticated
  using (
    card_id in (
      select c.id from public.cards c where c.board_id in (select public.my_board_ids())
    )
  );

create policy "card_comments: members read" on public.card_comments
  for select to authenticated
  using (
    card_id in (
      select c.id from public.cards c where c.board_id in (select public.my_board_ids())
    )
  );

create policy "card_comments: members comment as themselves" on public.card_comments
  for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and card_id in (
      select c.id from public.cards c where c.board_id in (select public.my_board_ids())
    )
  );

create policy "card_comments: authors edit" on public.card_comments
  for update to authenticated
  using (
    user_id = (select auth.uid())
    and card_id in (
      select c.id from public.cards c where c.board_id in (select public.my_board_ids())
    )
  )
  with check (user_id = (select auth.uid()));

create policy "card_comments: authors delete" on public.card_comments
  for delete to authenticated
  using (
    user_id = (select auth.uid())
    and card_id in (
      select c.id from public.cards c where c.board_id in (select public.my_board_ids())
    )
  );

-- A subtask stays on its card; a comment keeps its card and author, only the text changes.
revoke all on table public.card_checklist_items from anon, authenticated;
grant select, insert, delete on table public.card_checklist_items to authenticated;
grant update (text, completed, position, due_date, assigned_to)
  on table public.card_checklist_items to authenticated;
grant all on table public.card_checklist_items to service_role;

revoke all on table public.card_comments from anon, authenticated;
grant select, insert, delete on table public.card_comments to authenticated;
grant update (text) on table public.card_comments to authenticated;
grant all on table public.card_comments to service_role;

-- AFTER, like the card assignee check: policies and foreign keys report first.
create function public.check_checklist_assignee_is_member()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (
    select 1
    from public.cards c
    join public.board_members m on m.board_id = c.board_id and m.user_id = new.assigned_to
    where c.id = new.card_id
  ) then
    raise exception using
      errcode = 'check_violation',
      message = 'A subtask can only be assigned to a member of its board',
      schema = 'public', table = 'card_checklist_items',
      constraint = 'card_checklist_items_member_check';
  end if;
  return null;
end;
$$;

create trigger check_checklist_assignee_is_member
  after insert or update of assigned_to, card_id on public.card_checklist_items
  for each row
  when (new.assigned_to is not null)
  execute function public.check_checklist_assignee_is_member();

-- Someone who leaves a board (or is removed) stops being assigned to its subtasks.
create function public.unassign_departed_member_from_subtasks()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.card_checklist_items i
  set assigned_to = null
  from public.cards c
  where i.card_id = c.id and c.board_id = old.board_id and i.assigned_to = old.user_id;
  return null;
end;
$$;

create trigger unassign_departed_member_from_subtasks
  after delete on public.board_members
  for each row execute function public.unassign_departed_member_from_subtasks();

revoke execute on function public.check_checklist_assignee_is_member()
  from public, anon, authenticated;
revoke execute on function public.unassign_departed_member_from_subtasks()
  from public, anon, authenticated;

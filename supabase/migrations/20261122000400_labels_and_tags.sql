-- Labels are defined per board; tags attach them to that board's cards.

create table public.board_labels (
  id uuid primary key default gen_random_uuid(),
  board_id uuid not null references public.boards (id) on delete cascade,
  name text not null,
  color text not null default 'bg-blue-100 text-blue-800',
  created_at timestamptz not null default now(),
  constraint board_labels_name_check check (btrim(name) <> '' and name = btrim(name))
);

comment on table public.board_labels is
  'A label of a board: a name and a Tailwind class pair, ordered by created_at. Members read and change the labels of their boards.';

create index board_labels_board_id_created_at_idx on public.board_labels (board_id, created_at);

create table public.card_tags (
  card_id uuid not null references public.cards (id) on delete cascade,
  label_id uuid not null references public.board_labels (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (card_id, label_id)
);

comment on table public.card_tags is
  'A label attached to a card; the label must belong to the card''s board. Deleting the label or the card removes the tag.';

create index card_tags_label_id_idx on public.card_tags (label_id);

alter table public.board_labels enable row level security;
alter table public.card_tags enable row level security;

create policy "board_labels: members read" on public.board_labels
  for select to authenticated
  using (board_id in (select public.my_board_ids()));

create policy "board_labels: members create" on public.board_labels
  for insert to authenticated
  with check (board_id in (select public.my_board_ids()));

create policy "board_labels: members update" on public.board_labels
  for update to authenticated
  using (board_id in (select public.my_board_ids()))
  with check (board_id in (select public.my_board_ids()));

create policy "board_labels: members delete" on public.board_labels
  for delete to authenticated
  using (board_id in (select public.my_board_ids()));

create policy "card_tags: members read" on public.card_tags
  for select to authenticated
  using (
    card_id in (
      select c.id from public.cards c where c.board_id in (select public.my_board_ids())
    )
  );

create policy "card_tags: members tag" on public.card_tags
  for insert to authenticated
  with check (
    card_id in (
      select c.id from public.cards c where c.board_id in (select public.my_board_ids())
    )
  );

create policy "card_tags: members untag" on public.card_tags
  for delete to authenticated
  using (
    card_id in (
      select c.id from public.cards c where c.board_id in (select public.my_board_ids())
    )
  );

-- A label stays on its board; tags are added or removed, never edited.
revoke all on table public.board_labels from anon, authenticated;
grant select, insert, delete on table public.board_labels to authenticated;
grant update (name, color) on table public.board_labels to authenticated;
grant all on table public.board_labels to service_role;

revoke all on table public.card_tags from anon, authenticated;
grant select, insert, delete on table public.card_tags to authenticated;
grant all on table public.card_tags to service_role;

-- AFTER, like the assignee check: policies and foreign keys report first.
create function public.check_card_tag_same_board()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (
    select 1
    from public.cards c
    join public.board_labels l on l.board_id = c.board_id
    where c.id = new.card_id and l.id = new.label_id
  ) then
    raise exception using
      errcode = 'check_violation',
      message = 'A card can only carry labels of its own board',
      schema = 'public', table = 'card_tags', constraint = 'card_tags_same_board_check';
  end if;
  return null;
end;
$$;

create trigger check_card_tag_same_board
  after insert or update on public.card_tags
  for each row execute function public.check_card_tag_same_board();

revoke execute on function public.check_card_tag_same_board() from public, anon, authenticated;

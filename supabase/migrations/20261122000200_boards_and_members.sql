-- Boards and their memberships: the unit of access. Every other table hangs off a board, and a
-- user may touch a row exactly when they hold a board_members row for its board.

create table public.boards (
  id uuid primary key default gen_random_uuid(),
  title text not null,
  owner_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  background text not null default 'bg-gradient-to-br from-blue-500 to-indigo-600',
  created_at timestamptz not null default now(),
  constraint boards_title_check check (btrim(title) <> '' and title = btrim(title))
);

comment on table public.boards is
  'A kanban board. Visible to its members; created only with oneself as owner; renamed, restyled and deleted only by the owner. Deleting it deletes everything below it.';

create index boards_owner_id_idx on public.boards (owner_id);
create index boards_created_at_idx on public.boards (created_at);

create table public.board_members (
  id uuid primary key default gen_random_uuid(),
  board_id uuid not null references public.boards (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  role text not null default 'member',
  created_at timestamptz not null default now(),
  constraint board_members_role_check check (role in ('owner', 'member')),
  constraint board_members_board_id_user_id_key unique (board_id, user_id)
);

comment on table public.board_members is
  'Who may work on a board. The owner row is created by trigger with the board and cannot be deleted on its own; the owner adds and removes members; a member may leave.';

-- The unique key above serves lookups by board_id; policies also look up by user_id.
create index board_members_user_id_idx on public.board_members (user_id);
-- Exactly one owner row per board, the one the boards trigger writes.
create unique index board_members_one_owner_idx on public.board_members (board_id)
  where role = 'owner';

alter table public.boards enable row level security;
alter table public.board_members enable row level security;

-- Access helpers. Security definer so that policies can read board_members without going
-- through board_members' own policy (which would recurse); search_path is empty and every name
-- qualified, so a caller cannot redirect them. Policies use my_board_ids() as
-- `board_id in (select public.my_board_ids())`: it runs once per statement and becomes a hash
-- lookup, where a per-row call of is_board_member() would run once per row.

create function public.my_board_ids()
returns setof uuid
language sql
stable
security definer
set search_path = ''
rows 20
as $$
  select m.board_id from public.board_members m where m.user_id = (select auth.uid())
$$;

comment on function public.my_board_ids() is
  'The boards the current user is a member of (RLS helper).';

create function public.is_board_member(p_board_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.board_members m
    where m.board_id = p_board_id and m.user_id = (select auth.uid())
  )
$$;

comment on function public.is_board_member(uuid) is
  'Whether the current user is a member (or the owner) of the board (RLS helper).';

create function public.is_board_owner(p_board_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.boards b
    where b.id = p_board_id and b.owner_id = (select auth.uid())
  )
$$;

comment on function public.is_board_owner(uuid) is
  'Whether the current user owns the board (RLS helper).';

create function public.fellow_member_ids()
returns setof uuid
language sql
stable
security definer
set search_path = ''
rows 50
as $$
  select distinct m.user_id
  from public.board_members m
  where m.board_id in (
    select own.board_id from public.board_members own where own.user_id = (select auth.uid())
  )
$$;

comment on function public.fellow_member_ids() is
  'Users who share at least one board with the current user, the user included (RLS helper).';

revoke execute on function public.my_board_ids() from public, anon;
revoke execute on function public.is_board_member(uuid) from public, anon;
revoke execute on function public.is_board_owner(uuid) from public, anon;
revoke execute on function public.fellow_member_ids() from public, anon;
grant execute on function public.my_board_ids() to authenticated, service_role;
grant execute on function public.is_board_member(uuid) to authenticated, service_role;
grant execute on function public.is_board_owner(uuid) to authenticated, service_role;
grant execute on function public.fellow_member_ids() to authenticated, service_role;

-- boards. The owner also passes the select policy through owner_id: the owner's membership row
-- is written by an AFTER trigger, which `insert ... returning` does not yet see.
create policy "boards: members read" on public.boards
  for select to authenticated
  using (owner_id = (select auth.uid()) or id in (select public.my_board_ids()));

create policy "boards: create as owner" on public.boards
  for insert to authenticated
  with check (owner_id = (select auth.uid()));

create policy "boards: owner updates" on public.boards
  for update to authenticated
  using (owner_id = (select auth.uid()))
  with check (owner_id = (select auth.uid()));

create policy "boards: owner deletes" on public.boards
  for delete to authenticated
  using (owner_id = (select auth.uid()));

-- board_members. Only 'member' rows pass through the API; the owner row is the trigger's.
create policy "board_members: members read" on public.board_members
  for select to authenticated
  using (board_id in (select public.my_board_ids()));

create policy "board_members: owner adds members" on public.board_members
  for insert to authenticated
  with check (role = 'member' and public.is_board_owner(board_id));

-- The owner removes members; a member may also remove themself (leave the board).
create policy "board_members: owner removes, member leaves" on public.board_members
  for delete to authenticated
  using (
    role = 'member'
    and (user_id = (select auth.uid()) or public.is_board_owner(board_id))
  );

-- Ownership does not move (owner_id is not updatable) and memberships are added or removed,
-- never edited; the API roles get exactly the statements the policies describe.
revoke all on table public.boards from anon, authenticated;
grant select, insert, delete on table public.boards to authenticated;
grant update (title, background) on table public.boards to authenticated;
grant all on table public.boards to service_role;

revoke all on table public.board_members from anon, authenticated;
grant select, insert, delete on table public.board_members to authenticated;
grant all on table public.board_members to service_role;

-- Security definer: the owner row must bypass the insert policy, which admits only members.
create function public.add_board_owner()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.board_members (board_id, user_id, role)
  values (new.id, new.owner_id, 'owner')
  on conflict (board_id, user_id) do update set role = 'owner';
  return new;
end;
$$;

create trigger on_board_created
  after insert on public.boards
  for each row execute function public.add_board_owner();

revoke execute on function public.add_board_owner() from public, anon, authenticated;

-- Now that memberships exist: fellow members of any shared board see each other's profile.
alter policy "profiles: read self and fellow members" on public.profiles
  using (id = (select auth.uid()) or id in (select public.fellow_member_ids()));

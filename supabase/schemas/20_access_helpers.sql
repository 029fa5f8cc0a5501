-- supabase/schemas: the current definition of each function and trigger. Edit here, then
-- `npm run gen:migration -- <name>` writes the migration (docs/data-model.md "Functions and
-- triggers").
--
-- The access helpers every policy calls (migration 20261123000100_private_access_helpers.sql).
-- Security definer so that policies can read board_members without recursing into its own
-- policy; in `private`, which the API does not expose; empty search_path, every name qualified.

create or replace function private.my_board_ids()
returns setof uuid
language sql
stable
security definer
set search_path = ''
rows 20
as $$
  select m.board_id from public.board_members m where m.user_id = (select auth.uid())
$$;

comment on function private.my_board_ids() is
  'The boards the current user is a member of (RLS helper).';

revoke execute on function private.my_board_ids() from public, anon;
grant execute on function private.my_board_ids() to authenticated, service_role;

create or replace function private.is_board_owner(p_board_id uuid)
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

comment on function private.is_board_owner(uuid) is
  'Whether the current user owns the board (RLS helper).';

revoke execute on function private.is_board_owner(uuid) from public, anon;
grant execute on function private.is_board_owner(uuid) to authenticated, service_role;

create or replace function private.fellow_member_ids()
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

comment on function private.fellow_member_ids() is
  'Users who share at least one board with the current user, the user included (RLS helper).';

revoke execute on function private.fellow_member_ids() from public, anon;
grant execute on function private.fellow_member_ids() to authenticated, service_role;

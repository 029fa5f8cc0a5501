-- The RLS access helpers move out of the API. As security definer functions in `public` they
-- were callable by every signed-in user at /rest/v1/rpc/<name> (Supabase's linter, splinter:
-- authenticated_security_definer_function_executable): my_board_ids() and fellow_member_ids()
-- listed a caller's boards and fellow members outside RLS, is_board_member()/is_board_owner()
-- answered questions about any board id. In schema `private`, which PostgREST does not expose
-- (only `public` is in a project's exposed schemas), policies still call them, and nobody else
-- can. Applied migrations stay as they were (hosted projects ran them): this file recreates the
-- helpers, points every policy at the new ones and drops the old.

create schema if not exists private;

comment on schema private is
  'Functions and tables for row-level security and rate limits. Not exposed through the API: keep it out of the project''s exposed schemas.';

-- Policies run as the querying role, so `authenticated` needs usage and execute; nothing here
-- is reachable by anon, and functions are not executable by PUBLIC (PostgreSQL's default).
revoke all on schema private from public;
grant usage on schema private to authenticated, service_role;

-- Same bodies as before (security definer so that policies can read board_members without
-- recursing into its own policy; empty search_path, every name qualified).
create function private.my_board_ids()
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

create function private.is_board_owner(p_board_id uuid)
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

create function private.fellow_member_ids()
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

revoke execute on function private.my_board_ids() from public, anon;
revoke execute on function private.is_board_owner(uuid) from public, anon;
revoke execute on function private.fellow_member_ids() from public, anon;
grant execute on function private.my_board_ids() to authenticated, service_role;
grant execute on function private.is_board_owner(uuid) to authenticated, service_role;
grant execute on function private.fellow_member_ids() to authenticated, service_role;

-- Every policy that called a public helper, with the same expression on the private one
-- (ALTER POLICY keeps each policy's command and roles).
alter policy "profiles: read self and fellow members" on public.profiles
  using (id = (select auth.uid()) or id in (select private.fellow_member_ids()));

alter policy "boards: members read" on public.boards
  using (owner_id = (select auth.uid()) or id in (select private.my_board_ids()));

alter policy "board_members: members read" on public.board_members
  using (board_id in (select private.my_board_ids()));
alter policy "board_members: owner adds members" on public.board_members
  with check (role = 'member' and private.is_board_owner(board_id));
alter policy "board_members: owner removes, member leaves" on public.board_members
  using (
    role = 'member'
    and (user_id = (select auth.uid()) or private.is_board_owner(board_id))
  );

alter policy "lists: members read" on public.lists
  using (board_id in (select private.my_board_ids()));
alter policy "lists: members create" on public.lists
  with check (board_id in (select private.my_board_ids()));
alter policy "lists: members update" on public.lists
  using (board_id in (select private.my_board_ids()))
  with check (board_id in (select private.my_board_ids()));
alter policy "lists: members delete" on public.lists
  using (board_id in (select private.my_board_ids()));

alter policy "cards: members read" on public.cards
  using (board_id in (select private.my_board_ids()));
alter policy "cards: members create" on public.cards
  with check (board_id in (select private.my_board_ids()));
alter policy "cards: members update" on public.cards
  using (board_id in (select private.my_board_ids()))
  with check (board_id in (select private.my_board_ids()));
alter policy "cards: members delete" on public.cards
  using (board_id in (select private.my_board_ids()));

alter policy "board_labels: members read" on public.board_labels
  using (board_id in (select private.my_board_ids()));
alter policy "board_labels: members create" on public.board_labels
  with check (board_id in (select private.my_board_ids()));
alter policy "board_labels: members update" on public.board_labels
  using (board_id in (select private.my_board_ids()))
  with check (board_id in (select private.my_board_ids()));
alter policy "board_labels: members delete" on public.board_labels
  using (board_id in (select private.my_board_ids()));

alter policy "card_assignees: members read" on public.card_assignees
  using (
    card_id in (
      select c.id from public.cards c where c.board_id in (select private.my_board_ids())
    )
  );
alter policy "card_assignees: members assign" on public.card_assignees
  with check (
    card_id in (
      select c.id from public.cards c where c.board_id in (select private.my_board_ids())
    )
  );
alter policy "card_assignees: members unassign" on public.card_assignees
  using (
    card_id in (
      select c.id from public.cards c where c.board_id in (select private.my_board_ids())
    )
  );

alter policy "card_tags: members read" on public.card_tags
  using (
    card_id in (
      select c.id from public.cards c where c.board_id in (select private.my_board_ids())
    )
  );
alter policy "card_tags: members tag" on public.card_tags
  with check (
    card_id in (
      select c.id from public.cards c where c.board_id in (select private.my_board_ids())
    )
  );
alter policy "card_tags: members untag" on public.card_tags
  using (
    card_id in (
      select c.id from public.cards c where c.board_id in (select private.my_board_ids())
    )
  );

alter policy "card_checklist_items: members read" on public.card_checklist_items
  using (
    card_id in (
      select c.id from public.cards c where c.board_id in (select private.my_board_ids())
    )
  );
alter policy "card_checklist_items: members create" on public.card_checklist_items
  with check (
    card_id in (
      select c.id from public.cards c where c.board_id in (select private.my_board_ids())
    )
  );
alter policy "card_checklist_items: members update" on public.card_checklist_items
  using (
    card_id in (
      select c.id from public.cards c where c.board_id in (select private.my_board_ids())
    )
  )
  with check (
    card_id in (
      select c.id from public.cards c where c.board_id in (select private.my_board_ids())
    )
  );
alter policy "card_checklist_items: members delete" on public.card_checklist_items
  using (
    card_id in (
      select c.id from public.cards c where c.board_id in (select private.my_board_ids())
    )
  );

alter policy "card_comments: members read" on public.card_comments
  using (
    card_id in (
      select c.id from public.cards c where c.board_id in (select private.my_board_ids())
    )
  );
alter policy "card_comments: members comment as themselves" on public.card_comments
  with check (
    user_id = (select auth.uid())
    and card_id in (
      select c.id from public.cards c where c.board_id in (select private.my_board_ids())
    )
  );
alter policy "card_comments: authors edit" on public.card_comments
  using (
    user_id = (select auth.uid())
    and card_id in (
      select c.id from public.cards c where c.board_id in (select private.my_board_ids())
    )
  );
alter policy "card_comments: authors delete" on public.card_comments
  using (
    user_id = (select auth.uid())
    and card_id in (
      select c.id from public.cards c where c.board_id in (select private.my_board_ids())
    )
  );

-- Nothing depends on the public helpers any more (DROP would refuse otherwise).
-- is_board_member() was used by no policy and is not recreated.
drop function public.my_board_ids();
drop function public.is_board_member(uuid);
drop function public.is_board_owner(uuid);
drop function public.fellow_member_ids();

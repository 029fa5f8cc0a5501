-- One policy per action on public.board_invitations: the owner's and the invitee's rules of
-- 20261126012000 and 20261126025001 as one permissive policy each, since Postgres evaluates
-- every permissive policy per row and Supabase's linter (multiple_permissive_policies) asks
-- for one. Who may read and delete stays exactly as it was.

drop policy "Owners read their boards' invitations" on public.board_invitations;
drop policy "Invitees read their invitations" on public.board_invitations;
create policy "Owners and invitees read invitations"
  on public.board_invitations for select to authenticated
  using (
    email = (select private.my_confirmed_email())
    or exists (
      select 1 from public.boards b where b.id = board_id and b.owner_id = (select auth.uid())
    )
  );

drop policy "Owners withdraw their boards' invitations" on public.board_invitations;
drop policy "Invitees decline their invitations" on public.board_invitations;
create policy "Owners withdraw and invitees decline invitations"
  on public.board_invitations for delete to authenticated
  using (
    email = (select private.my_confirmed_email())
    or exists (
      select 1 from public.boards b where b.id = board_id and b.owner_id = (select auth.uid())
    )
  );

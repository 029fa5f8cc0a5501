-- Invitations need the invitee's consent (issue 23.3): every invitation, registered address or
-- not, is a pending row of public.board_invitations (invite_board_member no longer adds anyone
-- at once, so its answer no longer tells who is registered). The invitee, identified by their
-- confirmed e-mail address, reads their invitations and declines them (a delete) under the
-- policies below, and accepts with public.accept_board_invitation; a registered invitee is
-- told in the bell (notification kind 'invited_to_board', private.notify_board_invitation).
-- The functions: 20261126025000_invitations_need_consent_functions.sql.

alter table public.notifications drop constraint notifications_kind_check;
alter table public.notifications add constraint notifications_kind_check check (kind in (
  'mentioned', 'assigned', 'subtask_assigned', 'commented', 'moved', 'due_date_changed',
  'due', 'added_to_board', 'invited_to_board'
));

create policy "Invitees read their invitations"
  on public.board_invitations for select to authenticated
  using (email = (select private.my_confirmed_email()));

create policy "Invitees decline their invitations"
  on public.board_invitations for delete to authenticated
  using (email = (select private.my_confirmed_email()));

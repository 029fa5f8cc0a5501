-- supabase/schemas: the current definition of each function and trigger. Edit here, then
-- `npm run gen:migration -- <name>` writes the migration (docs/data-model.md "Functions and
-- triggers").
--
-- Invitations of people without an account become memberships once the address is theirs.
-- Table and policies: migration 20261126012000_board_invitations.sql.

-- Runs as the auth server's write to auth.users: when an address is confirmed (at sign-up where
-- confirmations are off, by the link where they are on) or an account moves to an invited
-- address, every pending invitation of it becomes a membership and is gone.
create or replace function private.accept_board_invitations()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.email_confirmed_at is null or new.email is null then
    return new;
  end if;
  insert into public.board_members (board_id, user_id, role)
  select i.board_id, new.id, 'member'
  from public.board_invitations i
  where i.email = lower(new.email)
  on conflict (board_id, user_id) do nothing;
  delete from public.board_invitations where email = lower(new.email);
  return new;
end;
$$;

revoke execute on function private.accept_board_invitations() from public, anon, authenticated;

-- After the profile trigger (on_auth_user_created, alphabetically earlier), so the member's
-- profile exists when the membership is added.
create or replace trigger on_auth_user_invitations
  after insert or update of email_confirmed_at, email on auth.users
  for each row
  execute function private.accept_board_invitations();

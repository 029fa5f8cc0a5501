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

-- The caller's address once confirmed, which is what an invitation is matched against: an
-- unconfirmed address may not be the caller's at all. Null for anyone else (and for anon).
-- Security definer: the API roles cannot read auth.users.
create or replace function private.my_confirmed_email()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select lower(u.email) from auth.users u
  where u.id = (select auth.uid()) and u.email_confirmed_at is not null
$$;

comment on function private.my_confirmed_email() is
  'The current user''s e-mail address, lower-cased, if confirmed (RLS helper of board_invitations); null otherwise.';

revoke execute on function private.my_confirmed_email() from public, anon;
grant execute on function private.my_confirmed_email() to authenticated, service_role;

-- What an invitee sees of their invitations: the board's title and who invited them. They are
-- not members yet, so the boards' own policies hide both; only the invitations of the caller's
-- confirmed address are read.
create or replace function private.my_board_invitations()
returns table (
  board_id uuid,
  board_title text,
  inviter_name text,
  created_at timestamptz
)
language sql
stable
security definer
set search_path = ''
as $$
  select i.board_id, b.title, p.full_name, i.created_at
  from public.board_invitations i
  join public.boards b on b.id = i.board_id
  left join public.profiles p on p.id = i.invited_by
  where i.email = (select private.my_confirmed_email())
  order by i.created_at, i.board_id
$$;

comment on function private.my_board_invitations() is
  'The work behind public.my_board_invitations: reads the boards and inviters the caller cannot read yet, for the invitations of their confirmed address only.';

revoke execute on function private.my_board_invitations() from public, anon;
grant execute on function private.my_board_invitations() to authenticated, service_role;

-- The API's name for it runs as the caller (as every public function that needs the owner's
-- rights does: the definer part stays out of the exposed schema).
create or replace function public.my_board_invitations()
returns table (
  board_id uuid,
  board_title text,
  inviter_name text,
  created_at timestamptz
)
language sql
stable
security invoker
set search_path = ''
as $$
  select * from private.my_board_invitations()
$$;

comment on function public.my_board_invitations() is
  'The pending invitations of the caller''s confirmed e-mail address, oldest first: board_id, board_title, inviter_name, created_at.';

revoke execute on function public.my_board_invitations() from public, anon;
grant execute on function public.my_board_invitations() to authenticated, service_role;

-- Accepting: the invitee (the invitation's confirmed address, nobody else) becomes a member and
-- the invitation is gone. Declining is a delete under the invitee's policy
-- (20261126025001_invitations_need_consent.sql).
create or replace function private.accept_board_invitation(p_board_id uuid)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_caller uuid := (select auth.uid());
  v_email text := (select private.my_confirmed_email());
begin
  delete from public.board_invitations i
  where i.board_id = p_board_id and i.email = v_email;
  if v_caller is null or v_email is null or not found then
    raise exception using
      errcode = 'PT404',
      message = 'Invitation not found',
      detail = 'It was withdrawn or declined, or it is not addressed to you.';
  end if;
  insert into public.board_members (board_id, user_id, role)
  values (p_board_id, v_caller, 'member')
  on conflict (board_id, user_id) do nothing;
  return json_build_object('board_id', p_board_id);
end;
$$;

comment on function private.accept_board_invitation(uuid) is
  'The work behind public.accept_board_invitation: removes the invitation of the caller''s confirmed address and adds the membership.';

revoke execute on function private.accept_board_invitation(uuid) from public, anon;
grant execute on function private.accept_board_invitation(uuid) to authenticated, service_role;

create or replace function public.accept_board_invitation(p_board_id uuid)
returns json
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.accept_board_invitation(p_board_id)
$$;

comment on function public.accept_board_invitation(uuid) is
  'Makes the caller a member of the board they are invited to (the invitation of their confirmed e-mail address), and removes the invitation. Returns {"board_id":...}; PT404 (HTTP 404) when there is no such invitation (withdrawn, declined, or for someone else).';

revoke execute on function public.accept_board_invitation(uuid) from public, anon;
grant execute on function public.accept_board_invitation(uuid) to authenticated, service_role;

-- A registered invitee learns of the invitation in the bell too ('invited_to_board'); an
-- address without an account learns of it only by the mail. The invite function's answer is
-- the same for both; this one small insert is all that differs between them.
create or replace function private.notify_board_invitation()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_recipient uuid;
begin
  if current_setting('taskflow.activity_paused', true) = 'on' then
    return null;
  end if;
  select u.id into v_recipient from auth.users u
  where lower(u.email) = new.email and u.email_confirmed_at is not null
  limit 1;
  if v_recipient is null or v_recipient is not distinct from new.invited_by then
    return null;
  end if;
  insert into public.notifications (recipient_id, actor_id, kind, board_id, data)
  select v_recipient, new.invited_by, 'invited_to_board', new.board_id,
         jsonb_build_object(
           'actor_name', private.profile_name(new.invited_by),
           'board_title', b.title
         )
  from public.boards b
  where b.id = new.board_id;
  return null;
end;
$$;

comment on function private.notify_board_invitation() is
  'Trigger: a registered invitee (confirmed address) gets an ''invited_to_board'' notification.';

revoke execute on function private.notify_board_invitation() from public, anon, authenticated;

create or replace trigger notify
  after insert on public.board_invitations
  for each row execute function private.notify_board_invitation();

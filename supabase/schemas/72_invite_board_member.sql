-- supabase/schemas: the current definition of each function and trigger. Edit here, then
-- `npm run gen:migration -- <name>` writes the migration (docs/data-model.md "Functions and
-- triggers").
--
-- Inviting by e-mail, with its rate limit (table private.invite_rate: migration
-- 20261123000200_invite_rate_limit.sql).

-- Every invitation is a pending row of public.board_invitations and a mail, whether or not the
-- address has an account (as GitHub and Linear invite): nobody joins a board without consent,
-- and the inviter learns nothing about who is registered. The same statements run for both
-- kinds of address; nothing here looks an account up (the notification a registered invitee
-- gets is written by the invitation's trigger, 75_board_invitations.sql).
--
-- The limit counts every invitation (an address that is already a member excepted: the member
-- list shows those anyway). Counting only unknown addresses, as before, would tell an inviter
-- who is registered by which calls the limit stops. Over the limit every call is refused
-- before anything is read. The count commits with the answer: the function ends without an
-- error once it has counted, and neither hosted PostgREST nor the local REST layer lets a
-- client roll a call back (`Prefer: tx=rollback` is not honoured).
create or replace function private.invite_to_board(p_board_id uuid, p_email text)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  c_max_invitations constant integer := 30;
  c_window constant interval := interval '1 hour';
  v_caller uuid := (select auth.uid());
  v_email text := lower(btrim(coalesce(p_email, ''), E' \t\r\n'));
  v_calls integer;
begin
  if v_caller is null or not exists (
    select 1 from public.boards b
    where b.id = p_board_id and b.owner_id = v_caller
  ) then
    raise exception using
      errcode = 'insufficient_privilege',
      message = 'Only the board owner can invite members';
  end if;

  if v_email = '' then
    return json_build_object('status', 'not_found');
  end if;

  -- One row per caller, locked here until the transaction ends: concurrent calls of one caller
  -- queue on it, so the count cannot be outrun. A window that has passed starts afresh.
  insert into private.invite_rate as r (user_id, window_start, calls)
  values (v_caller, now(), 0)
  on conflict (user_id) do update set
    window_start = case when r.window_start <= now() - c_window then now() else r.window_start end,
    calls = case when r.window_start <= now() - c_window then 0 else r.calls end
  returning calls into v_calls;

  if v_calls >= c_max_invitations then
    raise exception using
      errcode = 'PT429',
      message = 'Too many invitations, please wait before inviting again',
      hint = format('At most %s invitations per %s.', c_max_invitations, c_window);
  end if;

  if exists (
    select 1 from public.board_members m
    join public.profiles p on p.id = m.user_id
    where m.board_id = p_board_id and lower(p.email) = v_email
  ) then
    return json_build_object('status', 'already_member');
  end if;

  update private.invite_rate set calls = calls + 1 where user_id = v_caller;
  if v_email !~ '^[^\s@]+@[^\s@]+\.[^\s@]+$' or char_length(v_email) > 255 then
    return json_build_object('status', 'invalid_email');
  end if;
  -- Inviting again keeps the first invitation (and sends no second mail).
  insert into public.board_invitations (board_id, email, invited_by)
  values (p_board_id, v_email, v_caller)
  on conflict (board_id, email) do nothing;
  return json_build_object('status', 'invited', 'email', v_email);
end;
$$;

comment on function private.invite_to_board(uuid, text) is
  'The work behind public.invite_board_member: owner check, rate limit (30 invitations per hour per caller), membership check, pending invitation.';

revoke execute on function private.invite_to_board(uuid, text) from public, anon;
grant execute on function private.invite_to_board(uuid, text) to authenticated, service_role;

-- The API's entry: security invoker; the work runs in private.invite_to_board above.
create or replace function public.invite_board_member(p_board_id uuid, p_email text)
returns json
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.invite_to_board(p_board_id, p_email)
$$;

comment on function public.invite_board_member(uuid, text) is
  'Invites the address (trimmed, case-insensitive) to the board: a pending invitation, mailed, which the person accepts (accept_board_invitation) or, without an account, takes up by registering. Registered or not, the answer is the same: {"status":"invited","email":...}; {"status":"already_member"} for a member, {"status":"invalid_email"} or {"status":"not_found"} for an empty address. Owner only (42501 otherwise); after 30 invitations within an hour every call is refused for the rest of that hour (PT429, HTTP 429).';

revoke execute on function public.invite_board_member(uuid, text) from public, anon;
grant execute on function public.invite_board_member(uuid, text) to authenticated, service_role;

-- The board import's way of adding the people its document names (private.import_board,
-- 90_board_transfer.sql): a registered address becomes a member at once, another one a pending
-- invitation. Not reachable from the API any more.
-- The limit counts what reveals something: an address that is not registered. An owner who
-- invites a team of registered people is never stopped (each of them is added to the board,
-- visibly to them and to every member); someone testing a list of addresses is, after 30
-- unknown ones in an hour. Over the limit every lookup is refused, registered or not, before it
-- is made, so the refusal itself tells nothing.
--
-- The count must not vanish with the caller's transaction. Every lookup therefore ends without
-- an error: an unknown address is counted and answered {"status":"not_found"}, and that answer
-- and its count commit together. The only errors come before any lookup (not the owner, over
-- the limit), where there is nothing to count. No statement follows the function in its
-- request (hosted PostgREST and the local REST layer call it alone), and neither honours a
-- client's `Prefer: tx=rollback` (PostgREST's default db-tx-end=commit), so a client cannot
-- undo the count and keep the answer. This holds on a hosted project as well: no extension, no
-- state outside the database.
create or replace function private.invite_board_member(p_board_id uuid, p_email text)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  c_max_unknown constant integer := 30;
  c_window constant interval := interval '1 hour';
  v_caller uuid := (select auth.uid());
  v_email text := lower(btrim(coalesce(p_email, ''), E' \t\r\n'));
  v_unknown integer;
  v_user_id uuid;
  v_member public.board_members;
begin
  if v_caller is null or not exists (
    select 1 from public.boards b
    where b.id = p_board_id and b.owner_id = v_caller
  ) then
    raise exception using
      errcode = 'insufficient_privilege',
      message = 'Only the board owner can invite members';
  end if;

  if v_email = '' then
    return json_build_object('status', 'not_found');
  end if;

  -- One row per caller, locked here until the transaction ends: concurrent calls of one caller
  -- queue on it, so the count cannot be outrun. A window that has passed starts afresh.
  insert into private.invite_rate as r (user_id, window_start, calls)
  values (v_caller, now(), 0)
  on conflict (user_id) do update set
    window_start = case when r.window_start <= now() - c_window then now() else r.window_start end,
    calls = case when r.window_start <= now() - c_window then 0 else r.calls end
  returning calls into v_unknown;

  if v_unknown >= c_max_unknown then
    raise exception using
      errcode = 'PT429',
      message = 'Too many unknown addresses, please wait before inviting again',
      hint = format('At most %s addresses that are not registered per %s.', c_max_unknown, c_window);
  end if;

  select p.id into v_user_id from public.profiles p where lower(p.email) = v_email limit 1;
  if v_user_id is null then
    update private.invite_rate set calls = calls + 1 where user_id = v_caller;
    -- Nobody has the address yet: a pending invitation, mailed by the backend's invitation
    -- mailer, which becomes a membership when the address is registered and confirmed
    -- (75_board_invitations.sql). Inviting again keeps the first one.
    if v_email !~ '^[^\s@]+@[^\s@]+\.[^\s@]+$' or char_length(v_email) > 255 then
      return json_build_object('status', 'invalid_email');
    end if;
    insert into public.board_invitations (board_id, email, invited_by)
    values (p_board_id, v_email, v_caller)
    on conflict (board_id, email) do nothing;
    return json_build_object('status', 'invited', 'email', v_email);
  end if;

  -- ON CONFLICT rather than a prior lookup: two concurrent invitations cannot both add.
  insert into public.board_members (board_id, user_id, role)
  values (p_board_id, v_user_id, 'member')
  on conflict (board_id, user_id) do nothing
  returning * into v_member;

  if not found then
    return json_build_object('status', 'already_member');
  end if;

  return json_build_object(
    'status', 'added',
    'member', (
      select json_build_object(
        'id', v_member.id, 'board_id', v_member.board_id, 'user_id', v_member.user_id,
        'role', v_member.role, 'created_at', v_member.created_at,
        'profile', json_build_object('id', p.id, 'full_name', p.full_name, 'email', p.email)
      )
      from public.profiles p
      where p.id = v_member.user_id
    )
  );
end;
$$;

comment on function private.invite_board_member(uuid, text) is
  'The work behind public.invite_board_member: owner check, rate limit (30 addresses that are not registered per hour per caller), lookup, insert.';

revoke execute on function private.invite_board_member(uuid, text) from public, anon;
grant execute on function private.invite_board_member(uuid, text) to authenticated, service_role;

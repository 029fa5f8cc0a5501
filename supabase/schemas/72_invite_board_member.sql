-- supabase/schemas: the current definition of each function and trigger. Edit here, then
-- `npm run gen:migration -- <name>` writes the migration (docs/data-model.md "Functions and
-- triggers").
--
-- Inviting by e-mail, with its rate limit (table private.invite_rate: migration
-- 20261123000200_invite_rate_limit.sql).

-- The API's entry: security invoker; the lookup runs in private.invite_board_member below.
create or replace function public.invite_board_member(p_board_id uuid, p_email text)
returns json
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.invite_board_member(p_board_id, p_email)
$$;

comment on function public.invite_board_member(uuid, text) is
  'Adds the registered user with this e-mail (trimmed, case-insensitive) to the board as a member. Owner only (42501 otherwise); at most 20 lookups per 10 minutes per caller (PT429, HTTP 429). Returns {"status":"added","member":{...}}, {"status":"not_found"} or {"status":"already_member"}.';

revoke execute on function public.invite_board_member(uuid, text) from public, anon;
grant execute on function public.invite_board_member(uuid, text) to authenticated, service_role;

create or replace function private.invite_board_member(p_board_id uuid, p_email text)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  c_max_lookups constant integer := 20;
  c_window constant interval := interval '10 minutes';
  v_caller uuid := (select auth.uid());
  v_email text := lower(btrim(coalesce(p_email, ''), E' \t\r\n'));
  v_calls integer;
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

  -- One row per caller, updated in place: concurrent calls queue on its row lock, so the
  -- count cannot be outrun.
  insert into private.invite_rate as r (user_id, window_start, calls)
  values (v_caller, now(), 1)
  on conflict (user_id) do update set
    window_start = case when r.window_start <= now() - c_window then now() else r.window_start end,
    calls = case when r.window_start <= now() - c_window then 1 else r.calls + 1 end
  returning calls into v_calls;

  if v_calls > c_max_lookups then
    raise exception using
      errcode = 'PT429',
      message = 'Too many invitations, please wait a few minutes',
      hint = format('At most %s invitations per %s.', c_max_lookups, c_window);
  end if;

  select p.id into v_user_id from public.profiles p where lower(p.email) = v_email limit 1;
  if v_user_id is null then
    return json_build_object('status', 'not_found');
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
  'The work behind public.invite_board_member: owner check, rate limit (20 lookups per 10 minutes per caller), lookup, insert.';

revoke execute on function private.invite_board_member(uuid, text) from public, anon;
grant execute on function private.invite_board_member(uuid, text) to authenticated, service_role;

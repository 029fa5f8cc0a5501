-- Inviting stays callable at /rest/v1/rpc/invite_board_member, but is no longer a security
-- definer function in the API and no longer an unlimited oracle. Before, anyone could create a
-- board and ask, without limit, whether an address is registered ("added" vs "not_found"). The
-- spec needs those answers for a board's owner, so they stay; what changes:
-- - the work moves to private.invite_board_member (security definer, not exposed);
--   public.invite_board_member is a security invoker wrapper with the same signature, so the
--   app's call and the generated types do not change;
-- - each caller may look up at most 20 addresses per 10 minutes. The count lives in a table
--   and is kept inside the function, so it holds on a hosted project too, however many API
--   servers there are. A blank address and a refused (non-owner) call look nothing up and do
--   not count.
-- Over the limit the call fails with SQLSTATE PT429, which PostgREST answers as HTTP 429.

create table private.invite_rate (
  user_id uuid primary key references auth.users (id) on delete cascade,
  window_start timestamptz not null,
  calls integer not null
);

comment on table private.invite_rate is
  'Per caller: how many addresses invite_board_member looked up in the current 10-minute window (rate limit).';

-- Only the security definer function below touches it; RLS without policies keeps any other
-- role out even if a grant were added by mistake.
alter table private.invite_rate enable row level security;
revoke all on table private.invite_rate from public, anon, authenticated;
grant all on table private.invite_rate to service_role;

create function private.invite_board_member(p_board_id uuid, p_email text)
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

-- Same signature and result as before; now security invoker.
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

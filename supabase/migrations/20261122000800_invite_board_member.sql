-- Inviting by e-mail. The owner cannot read the profiles of people outside their boards, so
-- the lookup runs as security definer; it answers only "added", "not found" or "already a
-- member", and returns a profile only once that person has become a fellow member.

create function public.invite_board_member(p_board_id uuid, p_email text)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_email text := lower(btrim(coalesce(p_email, ''), E' \t\r\n'));
  v_user_id uuid;
  v_member public.board_members;
begin
  if not exists (
    select 1 from public.boards b
    where b.id = p_board_id and b.owner_id = (select auth.uid())
  ) then
    raise exception using
      errcode = 'insufficient_privilege',
      message = 'Only the board owner can invite members';
  end if;

  if v_email = '' then
    return json_build_object('status', 'not_found');
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

comment on function public.invite_board_member(uuid, text) is
  'Adds the registered user with this e-mail (trimmed, case-insensitive) to the board as a member. Owner only (42501 otherwise). Returns {"status":"added","member":{...}}, {"status":"not_found"} or {"status":"already_member"}.';

revoke execute on function public.invite_board_member(uuid, text) from public, anon;
grant execute on function public.invite_board_member(uuid, text) to authenticated, service_role;

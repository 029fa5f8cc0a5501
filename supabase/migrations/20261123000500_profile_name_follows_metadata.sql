-- A user changes their full name through supabase-js `updateUser({ data: { full_name } })`
-- (issue 10, 'Profil'); auth.users.raw_user_meta_data is what their own session shows. This
-- trigger copies the name into profiles, like the e-mail trigger in 20261122000100, so that
-- fellow members' avatars and member lists follow through the profiles realtime change.

create function private.handle_user_name_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.profiles
  set full_name = coalesce(btrim(new.raw_user_meta_data ->> 'full_name'), '')
  where id = new.id;
  return null;
end;
$$;

comment on function private.handle_user_name_change() is
  'Trigger: profiles.full_name follows the full_name in auth.users user metadata.';

create trigger on_auth_user_name_changed
  after update of raw_user_meta_data on auth.users
  for each row
  when (
    (old.raw_user_meta_data ->> 'full_name') is distinct from
    (new.raw_user_meta_data ->> 'full_name')
  )
  execute function private.handle_user_name_change();

revoke execute on function private.handle_user_name_change() from public, anon, authenticated;

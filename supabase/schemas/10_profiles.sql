-- supabase/schemas: the current definition of each function and trigger. Edit here, then
-- `npm run gen:migration -- <name>` writes the migration (docs/data-model.md "Functions and
-- triggers").
--
-- The functions and triggers that keep public.profiles in step with auth.users.
-- Table and policies: migrations 20261122000100_profiles.sql, 20261123000500_profile_name_follows_metadata.sql.

-- Security definer: the sign-up request runs as the auth server, which may not write public.
create or replace function public.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.profiles (id, full_name, email)
  values (
    new.id,
    -- At most 512 characters, as the column allows (20261126004002_text_length_limits.sql).
    btrim(left(coalesce(btrim(new.raw_user_meta_data ->> 'full_name'), ''), 512)),
    lower(new.email)
  )
  on conflict (id) do nothing;
  return new;
end;
$$;

revoke execute on function public.handle_new_user() from public, anon, authenticated;

create or replace trigger on_auth_user_created
  after insert on auth.users
  for each row execute function public.handle_new_user();

-- A changed sign-in address must follow into profiles, or invitations would match the old one.
create or replace function public.handle_user_email_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.profiles set email = lower(new.email) where id = new.id;
  return new;
end;
$$;

revoke execute on function public.handle_user_email_change() from public, anon, authenticated;

create or replace trigger on_auth_user_email_changed
  after update of email on auth.users
  for each row
  when (old.email is distinct from new.email)
  execute function public.handle_user_email_change();

-- A user changes their full name through supabase-js `updateUser({ data: { full_name } })`
-- ('Profil'); auth.users.raw_user_meta_data is what their own session shows. This
-- trigger copies the name into profiles, like the e-mail trigger in 20261122000100, so that
-- fellow members' avatars and member lists follow through the profiles realtime change.

create or replace function private.handle_user_name_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.profiles
  set full_name = btrim(left(coalesce(btrim(new.raw_user_meta_data ->> 'full_name'), ''), 512))
  where id = new.id;
  return null;
end;
$$;

comment on function private.handle_user_name_change() is
  'Trigger: profiles.full_name follows the full_name in auth.users user metadata.';

revoke execute on function private.handle_user_name_change() from public, anon, authenticated;

create or replace trigger on_auth_user_name_changed
  after update of raw_user_meta_data on auth.users
  for each row
  when (
    (old.raw_user_meta_data ->> 'full_name') is distinct from
    (new.raw_user_meta_data ->> 'full_name')
  )
  execute function private.handle_user_name_change();

-- Profiles: the public face of an auth.users row (name and e-mail), readable by the people one
-- works with. The auth module (or GoTrue on a hosted project) only writes auth.users; the
-- trigger below keeps profiles in step, so no client ever inserts a profile.

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  full_name text not null default '',
  email text,
  created_at timestamptz not null default now()
);

comment on table public.profiles is
  'One row per user, created from auth.users by trigger. Visible to oneself and to fellow members of a shared board; only full_name is editable, and only by its owner.';

-- Invitations look users up by e-mail, case-insensitively.
create index profiles_email_lower_idx on public.profiles (lower(email));

alter table public.profiles enable row level security;

-- Covers only oneself until the boards migration widens it to fellow members (board_members
-- does not exist yet).
create policy "profiles: read self and fellow members" on public.profiles
  for select to authenticated
  using (id = (select auth.uid()));

create policy "profiles: update own" on public.profiles
  for update to authenticated
  using (id = (select auth.uid()))
  with check (id = (select auth.uid()));

-- The e-mail is mirrored from auth.users (invitations trust it), so a user may change only the
-- name. Rows come and go with auth.users, never through the API.
revoke all on table public.profiles from anon, authenticated;
grant select on table public.profiles to authenticated;
grant update (full_name) on table public.profiles to authenticated;
grant all on table public.profiles to service_role;

-- Security definer: the sign-up request runs as the auth server, which may not write public.
create function public.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.profiles (id, full_name, email)
  values (
    new.id,
    coalesce(btrim(new.raw_user_meta_data ->> 'full_name'), ''),
    lower(new.email)
  )
  on conflict (id) do nothing;
  return new;
end;
$$;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function public.handle_new_user();

-- A changed sign-in address must follow into profiles, or invitations would match the old one.
create function public.handle_user_email_change()
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

create trigger on_auth_user_email_changed
  after update of email on auth.users
  for each row
  when (old.email is distinct from new.email)
  execute function public.handle_user_email_change();

revoke execute on function public.handle_new_user() from public, anon, authenticated;
revoke execute on function public.handle_user_email_change() from public, anon, authenticated;

-- Users who signed up before this migration ran (an existing hosted project) get profiles too.
insert into public.profiles (id, full_name, email)
select u.id, coalesce(btrim(u.raw_user_meta_data ->> 'full_name'), ''), lower(u.email)
from auth.users u
on conflict (id) do nothing;

-- What a hosted Supabase project provides before any migration runs: the API roles, the `auth`
-- schema with `auth.users` and the helper functions policies call, and the realtime publication.
-- Runs at every start, so every statement is idempotent. The migrations in supabase/migrations
-- must not depend on anything beyond this file (they run unchanged on a hosted project).

-- The API roles come first, from roles.sql (migrations.ts runs it before this file).

create schema if not exists auth;
create schema if not exists extensions;
grant usage on schema public to anon, authenticated, service_role;
grant usage on schema auth to anon, authenticated, service_role;
grant usage on schema extensions to anon, authenticated, service_role;

-- As on a hosted project: whatever the migrations create in public is reachable by the API
-- roles; row-level security, not grants, decides what each user sees.
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant execute on functions to anon, authenticated, service_role;

-- The subset of GoTrue's auth.users the local auth module reads and writes.
create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key default gen_random_uuid(),
  aud varchar(255) not null default 'authenticated',
  role varchar(255) not null default 'authenticated',
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb not null default '{}'::jsonb,
  raw_user_meta_data jsonb not null default '{}'::jsonb,
  is_anonymous boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index if not exists users_email_key on auth.users (lower(email));
-- GoTrue's mailed-link columns (a hosted project's auth.users has them all): the SHA-224 hash of
-- each link's one-time token, when it was sent (links expire), and a pending address change.
alter table auth.users add column if not exists confirmation_token varchar(255) not null default '';
alter table auth.users add column if not exists confirmation_sent_at timestamptz;
alter table auth.users add column if not exists recovery_token varchar(255) not null default '';
alter table auth.users add column if not exists recovery_sent_at timestamptz;
alter table auth.users add column if not exists email_change varchar(255) not null default '';
alter table auth.users add column if not exists email_change_token_new varchar(255) not null default '';
alter table auth.users add column if not exists email_change_token_current varchar(255) not null default '';
alter table auth.users add column if not exists email_change_sent_at timestamptz;
alter table auth.users add column if not exists email_change_confirm_status smallint not null default 0;
alter table auth.users add column if not exists invited_at timestamptz;

-- One row per sign-in; access tokens carry its id as `session_id`.
create table if not exists auth.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

-- How each session was opened, as GoTrue's table of the same name: a session opened by a
-- recovery link may set a new password without the current one, for a while.
create table if not exists auth.mfa_amr_claims (
  id uuid primary key default gen_random_uuid(),
  session_id uuid not null references auth.sessions (id) on delete cascade,
  authentication_method text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (session_id, authentication_method)
);

-- Refresh tokens are rotated: using one revokes it and issues its child.
create table if not exists auth.refresh_tokens (
  id bigserial primary key,
  token varchar(255) not null unique,
  user_id uuid not null references auth.users (id) on delete cascade,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  parent varchar(255),
  revoked boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists refresh_tokens_session_id_idx on auth.refresh_tokens (session_id);

-- Reading the claims: settings revert to '' (not NULL) after a transaction on a reused
-- connection, hence the nullif (docs/notes/pglite.md §2).
create or replace function auth.jwt() returns jsonb
language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

-- One claim: from its own setting (request.jwt.claim.<name>, as older PostgREST set them), else
-- from the claims document.
create or replace function auth.claim(name text) returns text
language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.' || name, true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> name)
  )
$$;

create or replace function auth.uid() returns uuid
language sql stable as $$ select auth.claim('sub')::uuid $$;

create or replace function auth.role() returns text
language sql stable as $$ select auth.claim('role') $$;

create or replace function auth.email() returns text
language sql stable as $$ select auth.claim('email') $$;

grant execute on function auth.jwt(), auth.claim(text), auth.uid(), auth.role(), auth.email()
  to anon, authenticated, service_role;

do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end $$;

-- The local backend's own bookkeeping: which migrations ran.
create schema if not exists taskflow_local;
create table if not exists taskflow_local.migrations (
  name text primary key,
  applied_at timestamptz not null default now()
);

-- Hosted Realtime's authorisation table for private channels (broadcast and presence): a
-- client may join a private channel when a policy on realtime.messages lets it read a row of
-- that topic (realtime.topic()) and extension. The local backend checks the policies the same
-- way (realtime/channel-access.ts) and rolls the probe rows back; nothing else is stored here.
create schema if not exists realtime;
grant usage on schema realtime to anon, authenticated, service_role;
create table if not exists realtime.messages (
  id uuid not null default gen_random_uuid(),
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp not null default now(),
  inserted_at timestamp not null default now(),
  primary key (id, inserted_at)
);
alter table realtime.messages enable row level security;
grant select, insert, update, delete on realtime.messages to anon, authenticated, service_role;

create or replace function realtime.topic() returns text
language sql stable as $$
  select nullif(current_setting('realtime.topic', true), '')::text
$$;
grant execute on function realtime.topic() to anon, authenticated, service_role;

-- Hosted Realtime's Broadcast from the database, with hosted's signatures: realtime.send
-- writes a message row (extension 'broadcast'), and realtime.broadcast_changes wraps a row
-- change in its payload shape for realtime.send. Hosted Realtime streams the rows it finds in
-- realtime.messages to the topic's channels; the local backend learns of each committed row by
-- the NOTIFY below (realtime/broadcast-feed.ts). Security invoker as on hosted: a caller
-- without an INSERT policy on realtime.messages sends nothing (the error becomes a warning).
create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true)
returns void
language plpgsql
as $$
begin
  begin
    perform pg_catalog.set_config('realtime.topic', topic, true);
    insert into realtime.messages (payload, event, topic, private, extension)
    values (payload, event, topic, private, 'broadcast');
  exception
    when others then
      raise warning 'ErrorSendingBroadcastMessage: %', sqlerrm;
  end;
end;
$$;

create or replace function realtime.broadcast_changes(
  topic_name text, event_name text, operation text, table_name text, table_schema text,
  new record, old record, level text default 'ROW'
)
returns void
language plpgsql
as $$
declare
  row_data jsonb := '{}'::jsonb;
begin
  if level = 'STATEMENT' then
    raise exception 'function can only be triggered for each row, not for each statement';
  end if;
  if operation in ('INSERT', 'UPDATE', 'DELETE') then
    row_data := jsonb_build_object(
      'old_record', old, 'record', new, 'operation', operation,
      'table', table_name, 'schema', table_schema
    );
    perform realtime.send(row_data, event_name, topic_name);
  else
    raise exception 'Unexpected operation type: %', operation;
  end if;
exception
  when others then
    raise exception 'Failed to process the row: %', sqlerrm;
end;
$$;

grant execute on function realtime.send(jsonb, text, text, boolean) to anon, authenticated, service_role;
grant execute on function realtime.broadcast_changes(text, text, text, text, text, record, record, text)
  to anon, authenticated, service_role;

-- Hosted's index for reading a topic's recent private broadcasts; here it also serves pruning.
create index if not exists messages_inserted_at_topic_index
  on realtime.messages (inserted_at desc, topic)
  where extension = 'broadcast' and private is true;

-- Local only (hosted Realtime reads the WAL instead): each committed broadcast row is announced
-- by its id. NOTIFY is delivered after COMMIT, in commit order, to every backend process
-- listening on the database, and never for a rolled-back row (the channel-access probes).
-- The id, not the payload: a payload of 8,000 bytes would abort the write.
create or replace function taskflow_local.announce_broadcast()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform pg_catalog.pg_notify('taskflow_broadcast', new.id::text);
  return null;
end;
$$;

create or replace trigger announce_broadcast
  after insert on realtime.messages
  for each row when (new.extension = 'broadcast')
  execute function taskflow_local.announce_broadcast();

-- Hosted Storage's schema (supabase/storage's tenant migrations, as they leave it): buckets,
-- objects with RLS enabled and no policy (so only service_role passes until the migrations add
-- policies), the path helpers policies call, and the guard that lets only the Storage API
-- delete rows (the bytes would be left behind otherwise). The local Storage API
-- (src/storage) reads and writes these tables as the requesting role, so RLS decides as on
-- hosted. The bytes live in files under STORAGE_DIR, named by objects.version.
create schema if not exists storage;
grant usage on schema storage to anon, authenticated, service_role;

do $$
begin
  if not exists (select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace
                 where n.nspname = 'storage' and t.typname = 'buckettype') then
    create type storage.buckettype as enum ('STANDARD', 'ANALYTICS', 'VECTOR');
  end if;
end $$;

create table if not exists storage.buckets (
  id text not null primary key,
  name text not null,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  type storage.buckettype not null default 'STANDARD'
);
create unique index if not exists bname on storage.buckets (name);
comment on column storage.buckets.owner is 'Field is deprecated, use owner_id instead';

create table if not exists storage.objects (
  id uuid not null default gen_random_uuid() primary key,
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  owner_id text,
  user_metadata jsonb
);
create unique index if not exists bucketid_objname on storage.objects (bucket_id, name);
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);
comment on column storage.objects.owner is 'Field is deprecated, use owner_id instead';

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;

create or replace function storage.foldername(name text) returns text[]
language plpgsql immutable as $function$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1 : array_length(_parts, 1) - 1];
end
$function$;

create or replace function storage.filename(name text) returns text
language plpgsql immutable as $function$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end
$function$;

create or replace function storage.extension(name text) returns text
language plpgsql immutable as $function$
declare
  _parts text[];
  _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end
$function$;

grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text)
  to anon, authenticated, service_role;

create or replace function storage.update_updated_at_column() returns trigger
language plpgsql as $$
begin
  new.updated_at = now();
  return new;
end;
$$;

create or replace function storage.protect_delete() returns trigger
language plpgsql as $$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), 'false') != 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using hint = 'This prevents accidental data loss from orphaned objects.',
            errcode = '42501';
  end if;
  return null;
end;
$$;

drop trigger if exists update_objects_updated_at on storage.objects;
create trigger update_objects_updated_at before update on storage.objects
  for each row execute function storage.update_updated_at_column();
drop trigger if exists protect_buckets_delete on storage.buckets;
create trigger protect_buckets_delete before delete on storage.buckets
  for each statement execute function storage.protect_delete();
drop trigger if exists protect_objects_delete on storage.objects;
create trigger protect_objects_delete before delete on storage.objects
  for each statement execute function storage.protect_delete();

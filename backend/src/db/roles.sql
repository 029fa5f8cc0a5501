-- The API roles a hosted Supabase project has. Roles belong to the server, not to a database,
-- so a dump (backup.ts) does not carry them: a restore runs this file first. Idempotent; also
-- the first part of every start (migrations.ts runs it before bootstrap.sql).

do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
end $$;

-- The connecting user switches to these roles per request (SET LOCAL ROLE).
do $$
begin
  execute format('grant anon, authenticated, service_role to %I', current_user);
exception when others then
  -- Already a superuser (PGlite, a local cluster): membership is implied.
  null;
end $$;

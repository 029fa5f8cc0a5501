-- Statement timeouts of the API roles, as a hosted Supabase project has them from its initial
-- schema (supabase/postgres, migrations/db/init-scripts/00000000000000-initial-schema.sql:
-- `alter role anon set statement_timeout = '3s'`, `authenticated` '8s'): a request as `anon` is
-- cancelled after 3 s, one as `authenticated` after 8 s (SQLSTATE 57014, which PostgREST answers
-- with 500). The local backend applies them per request as PostgREST does
-- (backend/src/db/role-settings.ts).
--
-- Set for this database rather than server-wide: role settings are shared by every database of a
-- server, and several databases on one server (a team's, the test suites') migrating at once
-- would update the same catalog row and fail ("tuple concurrently updated"). For the API, which
-- uses this one database, the effect is hosted's; on hosted it restates what is already there.
do $$
begin
  execute format('alter role anon in database %I set statement_timeout = %L',
                 current_database(), '3s');
  execute format('alter role authenticated in database %I set statement_timeout = %L',
                 current_database(), '8s');
end
$$;

-- PostgREST reads role settings when its configuration loads; have it read them again now.
notify pgrst, 'reload config';

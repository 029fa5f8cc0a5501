-- Statement timeouts of the API roles, as a hosted Supabase project sets them in its initial
-- schema (supabase/postgres, migrations/db/init-scripts/00000000000000-initial-schema.sql):
-- a request as `anon` is cancelled after 3 s, one as `authenticated` after 8 s (SQLSTATE 57014,
-- which PostgREST answers with 500). On hosted this restates what is already there; locally it
-- gives the backend the same limits, which it applies per request as PostgREST does
-- (backend/src/db/role-settings.ts). The owner of a hosted project may change them the same
-- way, so the migration is the one place they are written.
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';

-- PostgREST reads role settings when its configuration loads; have it read them again now.
notify pgrst, 'reload config';

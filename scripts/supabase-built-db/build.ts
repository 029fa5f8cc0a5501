/**
 * A PostgreSQL 15 built the way Supabase builds a project's database, from Supabase's own SQL
 * (vendored in vendor/supabase/, origins in its README), so that supabase/migrations can be
 * proved on it as `supabase db push` applies them on a hosted project:
 *
 * 1. a throwaway cluster whose superuser is `supabase_admin` (initdb as the `postgres` OS user
 *    when this runs as root, as CI does; PostgreSQL refuses to run as root);
 * 2. supabase/postgres: `postgres` created as its migrate.sh does, its init scripts run as
 *    `postgres`, its migrations as `supabase_admin` (which demote `postgres` to a non-superuser);
 * 3. GoTrue's migrations as `supabase_auth_admin` (namespace `auth`);
 * 4. Realtime's tenant schema (realtime.messages, realtime.topic(), realtime.send,
 *    realtime.broadcast_changes …) as `supabase_admin`, after the role its migration creates;
 * 5. Storage's tenant migrations as `supabase_storage_admin`.
 *
 * Extensions this machine lacks are stubbed, nothing else: `pgjwt` (its `create extension` is
 * left out; nothing here calls extensions.sign), `pgsodium` (only its role `pgsodium_keyholder`
 * is created, which one supabase/postgres migration grants) and `pg-safeupdate` (the
 * authenticator role's preload of it is reset; the local backend refuses such statements
 * itself, backend/src/rest/errors.ts missingWhere). pg_graphql,
 * pg_net, pg_cron, pgsodium/vault and supautils are skipped by supabase/postgres's own
 * "if available" guards. The vendored files are read unchanged; the few edits above (and
 * `create schema if not exists` for a realtime schema an older migration already made) are
 * applied here, in code, where they can be read.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const vendor = path.join(repoRoot, 'vendor/supabase');

/** PostgreSQL 15's binaries (hosted projects of this generation run 15). */
export const pgBinDir = (): string | null => {
  const candidates = [process.env.PG15_BIN, '/usr/lib/postgresql/15/bin'].filter(
    (dir): dir is string => Boolean(dir),
  );
  return candidates.find((dir) => fs.existsSync(path.join(dir, 'initdb'))) ?? null;
};

export interface Cluster {
  /** A connected client as `user` (trust authentication on a private socket). */
  connect(user: string): Promise<pg.Client>;
  stop(): void;
}

const isRoot = () => process.getuid?.() === 0;

/** Runs a PostgreSQL binary, as the `postgres` OS user when this process is root. */
const runAsOwner = (binary: string, args: string[]) => {
  const command = isRoot()
    ? spawnSync(
        'su',
        ['postgres', '-s', '/bin/sh', '-c', [binary, ...args.map(shellQuote)].join(' ')],
        {
          encoding: 'utf8',
        },
      )
    : spawnSync(binary, args, { encoding: 'utf8' });
  if (command.status !== 0)
    throw new Error(`${path.basename(binary)} failed: ${command.stderr || command.stdout}`);
};

const shellQuote = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;

/** Starts a throwaway cluster listening only on a Unix socket in its own folder. */
export const startCluster = (binDir: string): Cluster => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'supabase-built-db-'));
  if (isRoot()) execFileSync('chown', ['postgres', dir]);
  const data = path.join(dir, 'data');
  const port = 20_000 + Math.floor(Math.random() * 30_000);
  runAsOwner(path.join(binDir, 'initdb'), [
    '-D',
    data,
    '-U',
    'supabase_admin',
    '-A',
    'trust',
    '-N',
  ]);
  runAsOwner(path.join(binDir, 'pg_ctl'), [
    '-D',
    data,
    '-l',
    path.join(dir, 'log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses='' -c fsync=off -c full_page_writes=off`,
    'start',
  ]);
  return {
    async connect(user) {
      const client = new pg.Client({ host: dir, port, user, database: 'postgres' });
      await client.connect();
      return client;
    },
    stop() {
      try {
        runAsOwner(path.join(binDir, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
};

const read = (file: string) => fs.readFileSync(file, 'utf8');

/** dbmate's files hold `-- migrate:up` and `-- migrate:down`; only the up part runs. */
const upPart = (sql: string) => {
  const up = sql.indexOf('-- migrate:up');
  const down = sql.indexOf('-- migrate:down');
  return sql.slice(up < 0 ? 0 : up, down < 0 ? undefined : down);
};

const sqlFiles = (
  dir: string,
  order: (a: string, b: string) => number = (a, b) => a.localeCompare(b),
) =>
  fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort(order)
    .map((name) => path.join(dir, name));

/** Runs each file as one script; a failure names the file. */
const runFiles = async (
  client: pg.Client,
  files: string[],
  edit: (sql: string) => string = (s) => s,
) => {
  for (const file of files) {
    try {
      await client.query(edit(read(file)));
    } catch (error) {
      throw new Error(`${path.relative(repoRoot, file)}: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }
};

const withClient = async <T>(
  cluster: Cluster,
  user: string,
  fn: (client: pg.Client) => Promise<T>,
) => {
  const client = await cluster.connect(user);
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
};

/** Builds Supabase's database in the cluster (steps 2 to 5 of the header). */
export const buildSupabaseDatabase = async (cluster: Cluster): Promise<void> => {
  const postgresRepo = path.join(vendor, 'postgres/migrations/db');
  await withClient(cluster, 'supabase_admin', (c) =>
    // As supabase/postgres's migrate.sh, which then demotes it in a migration.
    c.query(`create role postgres superuser login; alter database postgres owner to postgres;`),
  );
  await withClient(cluster, 'postgres', (c) =>
    runFiles(c, sqlFiles(path.join(postgresRepo, 'init-scripts')), (sql) =>
      // Stub: pgjwt is not installed on this machine.
      upPart(sql).replace(/^create extension if not exists pgjwt\b.*$/im, '-- pgjwt: stubbed out'),
    ),
  );
  await withClient(cluster, 'supabase_admin', async (c) => {
    // Stub: the role pgsodium would create, which a migration grants to service_role.
    await c.query('create role pgsodium_keyholder nologin');
    await runFiles(c, sqlFiles(path.join(postgresRepo, 'migrations')), upPart);
    // Stub: pg-safeupdate is not installed, and a login as authenticator would fail to preload
    // it (PostgREST's way in; hosted refuses an UPDATE or DELETE without WHERE through it).
    await c.query('alter role authenticator reset session_preload_libraries');
  });
  await withClient(cluster, 'supabase_auth_admin', async (c) => {
    await c.query('set search_path = auth');
    await runFiles(
      c,
      sqlFiles(path.join(vendor, 'auth/migrations')).filter((f) => f.endsWith('.up.sql')),
      (sql) => sql.replace(/\{\{\s*index \.Options "Namespace"\s*\}\}/g, 'auth'),
    );
  });
  await withClient(cluster, 'supabase_admin', async (c) => {
    const realtime = path.join(vendor, 'realtime/priv/repo/tenant_schema/realtime');
    // What Realtime's migration 20240401105812 creates before its schema takes this shape.
    await c.query(`
      create role supabase_realtime_admin noinherit nologin noreplication;
      grant supabase_realtime_admin to postgres;
      set check_function_bodies = off;`);
    await runFiles(c, [path.join(realtime, 'schema.sql')], (sql) =>
      sql.replace('create schema "realtime"', 'create schema if not exists "realtime"'),
    );
    const types = ['equality_op', 'action', 'user_defined_filter', 'wal_column', 'wal_rls'];
    await runFiles(
      c,
      types.map((t) => path.join(realtime, `types/${t}.sql`)),
    );
    // Functions before tables: a table's trigger names its function (bodies are not checked).
    await runFiles(c, sqlFiles(path.join(realtime, 'functions')));
    await runFiles(c, sqlFiles(path.join(realtime, 'tables')));
  });
  await withClient(cluster, 'supabase_storage_admin', async (c) => {
    // The settings Storage's migration runner sets first, at its defaults (src/config.ts).
    await c.query(`select set_config('storage.install_roles', 'false', false),
                          set_config('storage.multitenant', 'false', false),
                          set_config('storage.super_user', 'postgres', false)`);
    const byNumber = (a: string, b: string) => parseInt(a, 10) - parseInt(b, 10);
    await runFiles(c, sqlFiles(path.join(vendor, 'storage/migrations/tenant'), byNumber));
  });
};

/** Applies every file of supabase/migrations as `postgres`, each in its own transaction. */
export const applyMigrations = async (cluster: Cluster): Promise<string[]> => {
  const files = sqlFiles(path.join(repoRoot, 'supabase/migrations'));
  await withClient(cluster, 'postgres', async (c) => {
    for (const file of files) {
      await c.query('begin');
      try {
        await c.query(read(file));
        await c.query('commit');
      } catch (error) {
        await c.query('rollback');
        throw new Error(`${path.relative(repoRoot, file)}: ${(error as Error).message}`, {
          cause: error,
        });
      }
    }
  });
  return files.map((f) => path.basename(f));
};

export interface Finding {
  name: string;
  level: 'ERROR' | 'WARN' | 'INFO';
  detail: string;
  cache_key: string;
}

/** Supabase's linter (the vendored splinter.sql) as the dashboard runs it. */
export const runSplinter = async (cluster: Cluster): Promise<Finding[]> => {
  const lint = read(path.join(repoRoot, 'backend/test/vendor/splinter/splinter.sql'));
  return withClient(cluster, 'supabase_admin', async (c) => {
    await c.query('begin');
    try {
      // The schemas hosted PostgREST exposes, which several lints read.
      await c.query(`select set_config('pgrst.db_schemas', 'public, graphql_public', true)`);
      const result = await c.query<Finding>(lint);
      const rows = (Array.isArray(result) ? result.at(-1) : result) as pg.QueryResult<Finding>;
      return rows.rows;
    } finally {
      await c.query('rollback');
    }
  });
};

/**
 * The migrations on a database built as Supabase builds a project's (scripts/supabase-built-db):
 * every file of supabase/migrations applies unchanged as the non-superuser `postgres`, each in
 * its own transaction as `supabase db push` does; Supabase's linter finds nothing at WARN or
 * ERROR; and Realtime's private board topics behave as the hosted services run them: Realtime's
 * read check (probe rows, then the user's role and claims, then a select, rolled back) admits a
 * member to `board:<id>` and refuses a stranger, and a card change made through PostgREST's way
 * in (`authenticator`, `set local role authenticated`, the JWT claims) writes a message on the
 * board's topic and on no other.
 *
 * Needs PostgreSQL 15's binaries (/usr/lib/postgresql/15/bin, or PG15_BIN); it builds its own
 * throwaway cluster, since the build demotes `postgres` and creates roles cluster-wide, which a
 * shared server (TEST_DATABASE_URL) must not see.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyMigrations,
  buildSupabaseDatabase,
  pgBinDir,
  runSplinter,
  startCluster,
  type Cluster,
  type Finding,
} from '../supabase-built-db/build.ts';

const binDir = pgBinDir();
if (!binDir) throw new Error('PostgreSQL 15 is needed: install postgresql-15 or set PG15_BIN');

let cluster: Cluster;
let applied: string[];
let findings: Finding[];
const owner = randomUUID();
const stranger = randomUUID();
let boardId: string;
let cardId: string;

/** Runs `fn` as PostgREST runs a request: as `authenticator`, switched to the user's role. */
const asUser = async <T>(userId: string, fn: (c: pg.Client) => Promise<T>): Promise<T> => {
  const client = await cluster.connect('authenticator');
  try {
    await client.query('begin');
    await client.query(
      `select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`,
      [JSON.stringify({ sub: userId, role: 'authenticated' })],
    );
    const result = await fn(client);
    await client.query('commit');
    return result;
  } finally {
    await client.end();
  }
};

/**
 * Realtime's read check for a private channel (lib/realtime/tenants/authorization.ex): insert a
 * probe message for the topic as Realtime's own user, switch to the joining user's role and
 * claims, select the probe back, roll back. Readable means the user may join.
 */
const mayRead = async (userId: string, topic: string) => {
  const client = await cluster.connect('supabase_admin');
  try {
    await client.query('begin');
    const probe = randomUUID();
    await client.query(
      `insert into realtime.messages (id, topic, extension) values ($1, $2, 'broadcast')`,
      [probe, topic],
    );
    await client.query(
      `select set_config('role', 'authenticated', true), set_config('realtime.topic', $1, true),
              set_config('request.jwt.claims', $2, true), set_config('request.jwt.claim.sub', $3, true),
              set_config('request.jwt.claim.role', 'authenticated', true)`,
      [topic, JSON.stringify({ sub: userId, role: 'authenticated' }), userId],
    );
    const { rows } = await client.query('select id from realtime.messages where id = $1', [probe]);
    await client.query('rollback');
    return rows.length === 1;
  } finally {
    await client.end();
  }
};

beforeAll(async () => {
  cluster = startCluster(binDir);
  await buildSupabaseDatabase(cluster);
  applied = await applyMigrations(cluster);
  findings = await runSplinter(cluster);

  const admin = await cluster.connect('supabase_admin');
  try {
    // Realtime creates the day's partition of realtime.messages itself; so does this.
    await admin.query(`
      create table realtime.messages_today partition of realtime.messages
        for values from (current_date - 1) to (current_date + 2)`);
    // Two accounts, as GoTrue writes them (the migrations' trigger makes their profiles).
    await admin.query(
      `insert into auth.users (instance_id, id, aud, role, email, raw_user_meta_data, created_at, updated_at)
       select '00000000-0000-0000-0000-000000000000', id, 'authenticated', 'authenticated', email,
              jsonb_build_object('full_name', name), now(), now()
         from (values ($1::uuid, 'owner@example.test', 'Owner'),
                      ($2::uuid, 'stranger@example.test', 'Stranger')) u(id, email, name)`,
      [owner, stranger],
    );
  } finally {
    await admin.end();
  }
  ({ boardId, cardId } = await asUser(owner, async (c) => {
    const board = await c.query<{ id: string }>(
      `insert into public.boards (title) values ('Hosted') returning id`,
    );
    const list = await c.query<{ id: string }>(
      `insert into public.lists (board_id, title) values ($1, 'Offen') returning id`,
      [board.rows[0]!.id],
    );
    const card = await c.query<{ id: string }>(
      `insert into public.cards (list_id, title) values ($1, 'Erste Karte') returning id`,
      [list.rows[0]!.id],
    );
    return { boardId: board.rows[0]!.id, cardId: card.rows[0]!.id };
  }));
}, 120_000);

afterAll(() => {
  cluster?.stop();
});

describe('the migrations on a Supabase-built PostgreSQL 15', () => {
  it('apply every file as the non-superuser postgres, each in a transaction', async () => {
    expect(applied.length).toBeGreaterThan(20);
    const admin = await cluster.connect('supabase_admin');
    try {
      const { rows } = await admin.query<{ rolsuper: boolean }>(
        `select rolsuper from pg_roles where rolname = 'postgres'`,
      );
      expect(rows).toEqual([{ rolsuper: false }]);
      // The API roles' timeouts, as hosted sets them (and the migrations restate).
      const settings = await admin.query<{ role: string; config: string[] }>(
        `select r.rolname as role, s.setconfig as config from pg_db_role_setting s
           join pg_roles r on r.oid = s.setrole
          where r.rolname in ('anon', 'authenticated')
            and s.setdatabase = (select oid from pg_database where datname = current_database())
          order by 1`,
      );
      expect(settings.rows).toEqual([
        { role: 'anon', config: ['statement_timeout=3s'] },
        { role: 'authenticated', config: ['statement_timeout=8s'] },
      ]);
    } finally {
      await admin.end();
    }
  });

  it('leave nothing for Supabase’s linter at WARN or ERROR', () => {
    expect(
      findings.filter((f) => f.level !== 'INFO').map((f) => `${f.level} ${f.name}: ${f.detail}`),
    ).toEqual([]);
  });

  it('let a member read their board’s private topic and refuse a stranger', async () => {
    expect(await mayRead(owner, `board:${boardId}`)).toBe(true);
    expect(await mayRead(stranger, `board:${boardId}`)).toBe(false);
    expect(await mayRead(stranger, `user:${stranger}`)).toBe(true);
    expect(await mayRead(stranger, `user:${owner}`)).toBe(false);
  });

  it('send a card change to the board’s topic and to no other', async () => {
    const admin = await cluster.connect('supabase_admin');
    try {
      const before = await admin.query<{ at: string }>('select clock_timestamp()::text as at');
      await asUser(owner, (c) =>
        c.query(`update public.cards set title = 'Umbenannt' where id = $1`, [cardId]),
      );
      const { rows } = await admin.query<{ topic: string; private: boolean; event: string }>(
        `select topic, private, event from realtime.messages
          where inserted_at >= $1::timestamptz at time zone 'UTC' order by inserted_at`,
        [before.rows[0]!.at],
      );
      expect(rows.length).toBeGreaterThan(0);
      expect(new Set(rows.map((r) => r.topic))).toEqual(new Set([`board:${boardId}`]));
      expect(rows.every((r) => r.private)).toBe(true);
    } finally {
      await admin.end();
    }
  });
});

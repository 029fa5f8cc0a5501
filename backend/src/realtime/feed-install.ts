/**
 * Installs the change feed's database side: a private schema with the `changes` table, one
 * trigger function, and an AFTER ROW trigger on every table in publication
 * `supabase_realtime`. Runs at every start after the migrations, idempotently, under an
 * advisory lock so that two backends starting on one PostgreSQL do not race on DDL.
 *
 * Why a table and not the row in the NOTIFY payload: a payload of 8,000 bytes or more aborts
 * the writing statement (docs/notes/pglite.md §4). The trigger stores the row and notifies only the
 * transaction id; identical payloads in one transaction collapse into one notification, which
 * PostgreSQL delivers after COMMIT and in commit order. Listeners then read the rows of each
 * notified transaction in id order (ids are ordered within one transaction, though not across
 * concurrent ones, which is why the order comes from the notifications).
 *
 * DELETE visibility: a deleted row can no longer be re-checked under RLS, so the trigger
 * records who could see it at that moment, the "audience": the members of the row's board
 * (see DeleteScope). The trigger is named to sort before the foreign keys' cascade triggers
 * (PostgreSQL fires same-event triggers in name order), so deleting a board still sees its
 * members.
 */
import type { Queryable } from '../db/types.ts';
import { FEED_SCHEMA, PUBLICATION, quoteIdent } from './catalog.ts';

export const NOTIFY_CHANNEL = 'taskflow_realtime';
const TRIGGER_NAME = '0_taskflow_realtime_capture';
const INSTALL_LOCK = 'taskflow_realtime.install';

/**
 * TaskFlow's unit of access. Every row belongs to a board (a `board_id` column, or a foreign
 * key to a table that has one); the members of that board may see its DELETE events.
 */
export interface DeleteScope {
  root: { schema: string; table: string; key: string };
  /** The column that names the root row on the tables below it. */
  column: string;
  membership: { schema: string; table: string; rootColumn: string; userColumn: string };
}

export const TASKFLOW_DELETE_SCOPE: DeleteScope = {
  root: { schema: 'public', table: 'boards', key: 'id' },
  column: 'board_id',
  membership: {
    schema: 'public',
    table: 'board_members',
    rootColumn: 'board_id',
    userColumn: 'user_id',
  },
};

const FEED_SQL = `
create schema if not exists ${FEED_SCHEMA};
revoke all on schema ${FEED_SCHEMA} from public;

create table if not exists ${FEED_SCHEMA}.changes (
  id bigserial primary key,
  txid bigint not null,
  schema_name text not null,
  table_name text not null,
  op text not null,
  record jsonb,
  old_record jsonb,
  audience text[],
  captured_at timestamptz not null default clock_timestamp()
);
create index if not exists changes_txid_idx on ${FEED_SCHEMA}.changes (txid);
create index if not exists changes_captured_at_idx on ${FEED_SCHEMA}.changes (captured_at);
revoke all on ${FEED_SCHEMA}.changes from public;

-- Security definer: the writer may be anon or authenticated, who cannot see this schema.
-- Trigger arguments, decided per table by the installer:
--   0 how the row names its board: self | column | lookup | none
--   1 the column holding the key (on this row)
--   2 lookup: the parent table; 3 its key column; 4 the type of that key
--   5 on the membership table: the user column (a removed member hears of their removal)
create or replace function ${FEED_SCHEMA}.capture() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_txid bigint := pg_current_xact_id()::text::bigint;
  v_old jsonb;
  v_scope text;
  v_audience text[];
begin
  -- Set by import_board while it writes a board nobody has open yet: a row per card, subtask
  -- and comment would only fill this table and hold everyone else's requests up.
  if current_setting('taskflow.change_feed_paused', true) = 'on' then
    return null;
  end if;
  if tg_op = 'DELETE' then
    v_old := to_jsonb(old);
    if tg_argv[0] in ('self', 'column') then
      v_scope := v_old ->> tg_argv[1];
    elsif tg_argv[0] = 'lookup' and v_old ->> tg_argv[1] is not null then
      execute format('select (%I)::text from %s where %I = $1::%s',
                     tg_argv[6], tg_argv[2], tg_argv[3], tg_argv[4])
        into v_scope using v_old ->> tg_argv[1];
    end if;
    if v_scope is not null then
      v_audience := ${FEED_SCHEMA}.scope_audience(v_scope);
    end if;
    if tg_argv[5] <> '' and v_old ->> tg_argv[5] is not null then
      v_audience := coalesce(v_audience, '{}') || (v_old ->> tg_argv[5]);
    end if;
  end if;

  insert into ${FEED_SCHEMA}.changes (txid, schema_name, table_name, op, record, old_record, audience)
  values (v_txid, tg_table_schema, tg_table_name, tg_op,
          case when tg_op = 'DELETE' then null else to_jsonb(new) end,
          case when tg_op = 'INSERT' then null else coalesce(v_old, to_jsonb(old)) end,
          v_audience);
  perform pg_notify('${NOTIFY_CHANNEL}', v_txid::text);
  return null;
end;
$$;
revoke all on function ${FEED_SCHEMA}.capture() from public;
`;

interface TableRow {
  oid: number;
  schema: string;
  table: string;
  columns: string[];
}

interface ForeignKeyRow {
  child: number;
  column: string;
  parent_schema: string;
  parent_table: string;
  parent_column: string;
  parent_type: string;
  parent_columns: string[];
}

const PUBLISHED_SQL = `
  select c.oid::int8 as oid, n.nspname as schema, c.relname as "table",
         array(select a.attname::text from pg_attribute a
               where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
               order by a.attnum) as columns
  from pg_publication_tables p
  join pg_namespace n on n.nspname = p.schemaname
  join pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
  where p.pubname = $1 and n.nspname <> $2`;

// Single-column foreign keys, in column order: candidates for finding a row's board.
const FOREIGN_KEYS_SQL = `
  select con.conrelid::int8 as child, ca.attname as column,
         pn.nspname as parent_schema, pc.relname as parent_table, pa.attname as parent_column,
         format_type(pa.atttypid, pa.atttypmod) as parent_type,
         array(select a.attname::text from pg_attribute a
               where a.attrelid = pc.oid and a.attnum > 0 and not a.attisdropped) as parent_columns
  from pg_constraint con
  join pg_attribute ca on ca.attrelid = con.conrelid and ca.attnum = con.conkey[1]
  join pg_class pc on pc.oid = con.confrelid
  join pg_namespace pn on pn.oid = pc.relnamespace
  join pg_attribute pa on pa.attrelid = con.confrelid and pa.attnum = con.confkey[1]
  where con.contype = 'f' and cardinality(con.conkey) = 1
  order by con.conrelid, ca.attnum`;

const sqlLiteral = (value: string): string => `'${value.replace(/'/g, "''")}'`;

/** The audience function: members of a board, or NULL when the schema has no such table. */
const audienceSql = (scope: DeleteScope, membershipKeyType: string | null): string => {
  const m = scope.membership;
  const body =
    membershipKeyType === null
      ? 'select null::text[]'
      : `select coalesce(array_agg(m.${quoteIdent(m.userColumn)}::text), '{}')
         from ${quoteIdent(m.schema)}.${quoteIdent(m.table)} m
         where m.${quoteIdent(m.rootColumn)} = p_scope::${membershipKeyType}`;
  return `
create or replace function ${FEED_SCHEMA}.scope_audience(p_scope text) returns text[]
language sql stable security definer set search_path = '' as $$ ${body} $$;
revoke all on function ${FEED_SCHEMA}.scope_audience(text) from public;`;
};

const triggerArgs = (
  table: TableRow,
  foreignKeys: ForeignKeyRow[],
  scope: DeleteScope,
): string[] => {
  const memberUser =
    table.schema === scope.membership.schema && table.table === scope.membership.table
      ? scope.membership.userColumn
      : '';
  if (table.schema === scope.root.schema && table.table === scope.root.table) {
    return ['self', scope.root.key, '', '', '', memberUser, ''];
  }
  if (table.columns.includes(scope.column))
    return ['column', scope.column, '', '', '', memberUser, ''];
  const viaParent = foreignKeys.find(
    (fk) => fk.child === table.oid && fk.parent_columns.includes(scope.column),
  );
  if (viaParent) {
    return [
      'lookup',
      viaParent.column,
      `${quoteIdent(viaParent.parent_schema)}.${quoteIdent(viaParent.parent_table)}`,
      viaParent.parent_column,
      viaParent.parent_type,
      memberUser,
      scope.column,
    ];
  }
  return ['none', '', '', '', '', memberUser, ''];
};

/** Installs or refreshes the feed; returns the tables it now captures (schema.table). */
export const installChangeFeed = async (
  db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> },
  scope: DeleteScope = TASKFLOW_DELETE_SCOPE,
): Promise<string[]> =>
  db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [INSTALL_LOCK]);
    await tx.exec(FEED_SQL);

    const { rows: keyType } = await tx.query<{ type: string }>(
      `select format_type(a.atttypid, a.atttypmod) as type
       from pg_attribute a
       where a.attrelid = to_regclass($1) and a.attname = $2 and not a.attisdropped`,
      [
        `${quoteIdent(scope.membership.schema)}.${quoteIdent(scope.membership.table)}`,
        scope.membership.rootColumn,
      ],
    );
    await tx.exec(audienceSql(scope, keyType[0]?.type ?? null));

    const { rows: tables } = await tx.query<TableRow>(PUBLISHED_SQL, [PUBLICATION, FEED_SCHEMA]);
    const { rows: foreignKeys } = await tx.query<ForeignKeyRow>(FOREIGN_KEYS_SQL);
    const statements = tables.map((table) => {
      const args = triggerArgs(table, foreignKeys, scope).map(sqlLiteral).join(', ');
      return `create or replace trigger ${quoteIdent(TRIGGER_NAME)}
        after insert or update or delete on ${quoteIdent(table.schema)}.${quoteIdent(table.table)}
        for each row execute function ${FEED_SCHEMA}.capture(${args});`;
    });

    // Tables taken out of the publication stop feeding changes.
    const { rows: stale } = await tx.query<{ schema: string; table: string }>(
      `select n.nspname as schema, c.relname as "table"
       from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
       where t.tgname = $1 and not exists (
         select 1 from pg_publication_tables p
         where p.pubname = $2 and p.schemaname = n.nspname and p.tablename = c.relname)`,
      [TRIGGER_NAME, PUBLICATION],
    );
    for (const t of stale) {
      statements.push(
        `drop trigger ${quoteIdent(TRIGGER_NAME)} on ${quoteIdent(t.schema)}.${quoteIdent(t.table)};`,
      );
    }
    if (statements.length > 0) await tx.exec(statements.join('\n'));
    return tables.map((t) => `${t.schema}.${t.table}`);
  });

/** Deletes captured changes old enough that every listener has read them. */
export const pruneChanges = async (db: Queryable, olderThanSeconds: number): Promise<number> => {
  const { rowCount } = await db.query(
    `delete from ${FEED_SCHEMA}.changes where captured_at < clock_timestamp() - make_interval(secs => $1)`,
    [olderThanSeconds],
  );
  return rowCount;
};

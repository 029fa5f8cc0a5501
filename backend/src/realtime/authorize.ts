/**
 * Who may see a change, decided the way hosted Supabase decides it: by the database, as the
 * subscriber. INSERT and UPDATE are re-checked under row-level security by selecting the row's
 * primary key as that user (`db.asRole`), once per distinct user per batch with one query per
 * table, so a burst of writes to a busy board costs a handful of queries, not one per change
 * and socket. The check runs after commit, so a user removed from a board in the meantime no
 * longer sees the board's changes, at once.
 *
 * DELETE cannot be re-checked (the row is gone). It reaches the users the trigger recorded as
 * able to see the row when it was deleted (its board's members, see feed-install.ts), and
 * anyone at all when the table has no row-level security. `service_role` bypasses RLS, as in
 * PostgreSQL. In every case the role also needs SELECT on the primary-key columns.
 */
import type { Db, RequestClaims } from '../db/types.ts';
import type { Catalog, TableInfo } from './catalog.ts';
import { qualifiedName, quoteIdent } from './catalog.ts';
import type { Change } from './change-feed.ts';

export interface Viewer {
  claims: RequestClaims;
}

export const viewerKey = (claims: RequestClaims): string =>
  `${claims.role}\u0000${claims.sub ?? ''}`;

const ORDINAL = '__realtime_ordinal';

/** `where exists` keeps RLS on the table itself; the keys come in as one JSON parameter. */
const visibilitySql = (info: TableInfo): string => {
  const keyColumns = info.primaryKey
    .map((name) => {
      const column = info.columns.find((c) => c.name === name);
      return `${quoteIdent(name)} ${column?.sqlType ?? 'text'}`;
    })
    .join(', ');
  const join = info.primaryKey
    .map((name) => `t.${quoteIdent(name)} = k.${quoteIdent(name)}`)
    .join(' and ');
  return `select k.${ORDINAL} as ordinal
          from jsonb_to_recordset($1::jsonb) as k(${ORDINAL} int, ${keyColumns})
          where exists (select 1 from ${qualifiedName(info)} t where ${join})`;
};

const canReadKeys = (info: TableInfo, selectable: Set<string>): boolean =>
  info.primaryKey.length > 0 && info.primaryKey.every((name) => selectable.has(name));

/**
 * For each viewer, the changes (of `changes`) that viewer may see. Checks the rows of INSERT
 * and UPDATE as the viewer in one read-only transaction; never throws for one viewer's sake (a
 * failing check hides the changes from that viewer only).
 */
export const authorizeBatch = async (
  db: Db,
  catalog: Catalog,
  changes: Change[],
  viewers: Map<string, Viewer>,
  onError: (error: unknown) => void,
): Promise<Map<string, Set<Change>>> => {
  const result = new Map<string, Set<Change>>();
  await Promise.all(
    [...viewers].map(async ([key, viewer]) => {
      try {
        result.set(key, await visibleTo(db, catalog, changes, viewer.claims));
      } catch (error) {
        onError(error);
        result.set(key, new Set());
      }
    }),
  );
  return result;
};

const visibleTo = async (
  db: Db,
  catalog: Catalog,
  changes: Change[],
  claims: RequestClaims,
): Promise<Set<Change>> => {
  const visible = new Set<Change>();
  const toCheck = new Map<TableInfo, Change[]>();

  for (const change of changes) {
    const info = catalog.get(change.schema, change.table);
    if (!info) continue;
    const selectable = await catalog.selectableColumns(claims.role, info);
    if (!canReadKeys(info, selectable)) continue;
    if (claims.role === 'service_role') {
      visible.add(change);
    } else if (change.type === 'DELETE') {
      const audience = change.audience ?? [];
      if (!info.rowSecurity || (claims.sub !== undefined && audience.includes(claims.sub)))
        visible.add(change);
    } else {
      const list = toCheck.get(info) ?? [];
      list.push(change);
      toCheck.set(info, list);
    }
  }
  if (toCheck.size === 0) return visible;

  await db.asRole(
    claims,
    async (tx) => {
      for (const [info, list] of toCheck) {
        const keys = list.map((change, ordinal) => {
          const key: Record<string, unknown> = { [ORDINAL]: ordinal };
          for (const name of info.primaryKey) key[name] = change.record?.[name] ?? null;
          return key;
        });
        const { rows } = await tx.query<{ ordinal: number }>(visibilitySql(info), [
          JSON.stringify(keys),
        ]);
        for (const row of rows) {
          const change = list[Number(row.ordinal)];
          if (change) visible.add(change);
        }
      }
    },
    { readOnly: true },
  );
  return visible;
};

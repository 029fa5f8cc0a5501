/**
 * Who may see a change, decided by the database, as the subscriber. INSERT and UPDATE: the
 * table's SELECT policies are evaluated on the committed row as that user (`db.asRole`), once
 * per distinct user per batch with one query per table, so a burst of writes to a busy board
 * costs a handful of queries, not one per change and socket (see policies.ts for why the
 * committed row rather than a re-read). It runs after commit, against current memberships: a
 * user removed from a board no longer sees its changes, at once.
 *
 * DELETE: the row is gone and its board may be too. It reaches the users the trigger recorded
 * as able to see the row when it was deleted (its board's members, see feed-install.ts).
 *
 * In every case the role needs SELECT on the primary-key columns; tables without row-level
 * security are visible to any role with that grant; `service_role` bypasses RLS, as in
 * PostgreSQL.
 */
import type { Db, RequestClaims } from '../db/types.ts';
import type { Catalog, TableInfo } from './catalog.ts';
import type { Change } from './change-feed.ts';
import { visibleRowsSql } from './policies.ts';
import type { PolicyCache } from './policies.ts';

export interface Viewer {
  claims: RequestClaims;
}

export const viewerKey = (claims: RequestClaims): string =>
  `${claims.role}\u0000${claims.sub ?? ''}`;

export interface Rights {
  catalog: Catalog;
  policies: PolicyCache;
}

/**
 * For each viewer, the changes it may see. Never throws for one viewer's sake: a failing check
 * hides the batch from that viewer only, and is reported through `onError`.
 */
export const authorizeBatch = async (
  db: Db,
  rights: Rights,
  changes: Change[],
  viewers: Map<string, Viewer>,
  onError: (error: unknown) => void,
): Promise<Map<string, Set<Change>>> => {
  const result = new Map<string, Set<Change>>();
  await Promise.all(
    [...viewers].map(async ([key, viewer]) => {
      try {
        result.set(key, await visibleTo(db, rights, changes, viewer.claims));
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
  { catalog, policies }: Rights,
  changes: Change[],
  claims: RequestClaims,
): Promise<Set<Change>> => {
  const visible = new Set<Change>();
  const toCheck = new Map<TableInfo, { predicate: string; changes: Change[] }>();

  for (const change of changes) {
    const info = catalog.get(change.schema, change.table);
    if (!info || info.primaryKey.length === 0) continue;
    const selectable = await catalog.selectableColumns(claims.role, info);
    if (!info.primaryKey.every((name) => selectable.has(name))) continue;
    if (claims.role === 'service_role' || !info.rowSecurity) {
      visible.add(change);
    } else if (change.type === 'DELETE') {
      if (claims.sub !== undefined && change.audience?.includes(claims.sub)) visible.add(change);
    } else {
      const predicate = await policies.selectPredicate(claims.role, info);
      if (predicate === null) continue;
      const entry = toCheck.get(info) ?? { predicate, changes: [] };
      entry.changes.push(change);
      toCheck.set(info, entry);
    }
  }
  if (toCheck.size === 0) return visible;

  await db.asRole(
    claims,
    async (tx) => {
      for (const [info, { predicate, changes: list }] of toCheck) {
        const rows = JSON.stringify(list.map((change) => change.record));
        const { rows: passed } = await tx.query<{ ordinal: number | string }>(
          visibleRowsSql(info, predicate),
          [rows],
        );
        for (const { ordinal } of passed) {
          const change = list[Number(ordinal) - 1];
          if (change) visible.add(change);
        }
      }
    },
    { readOnly: true },
  );
  return visible;
};

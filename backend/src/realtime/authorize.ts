/**
 * Who may see a change, decided by the database, as the subscriber. INSERT and UPDATE: the
 * table's SELECT policies are evaluated on the committed row as that user (role and
 * `request.jwt.claims` set as `db.asRole` sets them), once per distinct user per batch with one
 * query per table, so a burst of writes to a busy board
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
import { applyRoleSettings } from '../db/role-settings.ts';
import type { Db, Queryable, RequestClaims } from '../db/types.ts';
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

/** Concurrent check transactions per batch: PostgreSQL runs them in parallel, PGlite queues them. */
const CHECK_TRANSACTIONS = 4;

interface Plan {
  claims: RequestClaims;
  /** Decided without a query: service_role, tables without RLS, DELETE audiences. */
  visible: Set<Change>;
  checks: Map<TableInfo, { predicate: string; changes: Change[] }>;
}

/**
 * For each viewer, the changes it may see. The viewers' checks share a few read-only
 * transactions, switching role and claims per viewer exactly as `db.asRole` does (one
 * transaction per viewer would cost PGlite four extra statements per subscriber and change).
 * Never throws for one viewer's sake: a group that fails is re-checked viewer by viewer, and a
 * viewer whose check fails sees nothing of the batch (reported through `onError`).
 */
export const authorizeBatch = async (
  db: Db,
  rights: Rights,
  changes: Change[],
  viewers: Map<string, Viewer>,
  onError: (error: unknown) => void,
): Promise<Map<string, Set<Change>>> => {
  const plans = new Map<string, Plan>();
  for (const [key, viewer] of viewers) plans.set(key, await plan(rights, changes, viewer.claims));

  const pending = [...plans.values()].filter((p) => p.checks.size > 0);
  const groups = Array.from({ length: Math.min(CHECK_TRANSACTIONS, pending.length) }, (_, g) =>
    pending.filter((_p, i) => i % CHECK_TRANSACTIONS === g),
  );
  await Promise.all(
    groups.map(async (group) => {
      try {
        await db.transaction(async (tx) => {
          await tx.query('set transaction read only');
          for (const p of group) {
            await applyRoleSettings(tx, p.claims);
            await runChecks(tx, p);
          }
        });
      } catch {
        for (const p of group) {
          try {
            await db.asRole(p.claims, (tx) => runChecks(tx, p), { readOnly: true });
          } catch (error) {
            onError(error);
            p.visible.clear();
          }
        }
      }
    }),
  );
  return new Map([...plans].map(([key, p]) => [key, p.visible]));
};

const plan = async (
  { catalog, policies }: Rights,
  changes: Change[],
  claims: RequestClaims,
): Promise<Plan> => {
  const result: Plan = { claims, visible: new Set(), checks: new Map() };
  for (const change of changes) {
    const info = catalog.get(change.schema, change.table);
    if (!info || info.primaryKey.length === 0) continue;
    const selectable = await catalog.selectableColumns(claims.role, info);
    if (!info.primaryKey.every((name) => selectable.has(name))) continue;
    if (claims.role === 'service_role' || !info.rowSecurity) {
      result.visible.add(change);
    } else if (change.type === 'DELETE') {
      if (claims.sub !== undefined && change.audience?.includes(claims.sub)) {
        result.visible.add(change);
      }
    } else {
      const predicate = await policies.selectPredicate(claims.role, info);
      if (predicate === null) continue;
      const entry = result.checks.get(info) ?? { predicate, changes: [] };
      entry.changes.push(change);
      result.checks.set(info, entry);
    }
  }
  return result;
};

/** One query per table: which of the viewer's rows pass the table's policies. */
const runChecks = async (tx: Queryable, p: Plan): Promise<void> => {
  for (const [info, { predicate, changes: list }] of p.checks) {
    const rows = JSON.stringify(list.map((change) => change.record));
    const { rows: passed } = await tx.query<{ ordinal: number | string }>(
      visibleRowsSql(info, predicate),
      [rows],
    );
    for (const { ordinal } of passed) {
      const change = list[Number(ordinal) - 1];
      if (change) p.visible.add(change);
    }
  }
};

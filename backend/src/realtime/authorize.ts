/**
 * Who may see a change, and which of their filters it passes, decided by the database, as the
 * subscriber: permission first, then the filters, in one query per distinct user and table per
 * batch (policies.ts `checkRowsSql`), so a burst of writes to a busy board costs a handful of
 * queries, not one per change and socket.
 *
 * INSERT and UPDATE: the table's SELECT policies are evaluated on the committed row as that
 * user (role and `request.jwt.claims` set as `db.asRole` sets them; see policies.ts for why the
 * committed row rather than a re-read). It runs after commit, against current memberships: a
 * user removed from a board no longer sees its changes, at once.
 *
 * DELETE: the row is gone and its board may be too. It reaches the users the trigger recorded
 * as able to see the row when it was deleted (its board's members, see feed-install.ts); their
 * filters are then evaluated on the deleted row.
 *
 * In every case the role needs SELECT on the primary-key columns; tables without row-level
 * security are visible to any role with that grant; `service_role` bypasses RLS, as in
 * PostgreSQL.
 *
 * Cost is bounded: filters run only on rows their subscriber may see, by Postgres's own
 * operators and regex engine, and every check statement runs under a statement timeout. A
 * subscriber whose check fails or times out misses that batch; nobody else does.
 */
import { boundedTransactions } from '../db/bounded-transaction.ts';
import { applyRoleSettings } from '../db/role-settings.ts';
import type { Db, Queryable, RequestClaims } from '../db/types.ts';
import { quoteIdent } from './catalog.ts';
import type { Catalog, TableInfo } from './catalog.ts';
import type { Change } from './change-feed.ts';
import { binder, filterSql } from './filters.ts';
import type { Condition } from './filters.ts';
import { checkRowsSql } from './policies.ts';
import type { PolicyCache } from './policies.ts';

export interface Viewer {
  claims: RequestClaims;
  /** Per change this viewer has bindings for: the filters (by key) it must be checked against. */
  wants: Map<Change, Set<string>>;
}

/** For each change a viewer may see: the keys of its filters that the row passes. */
export type Verdicts = Map<Change, Set<string>>;

export const viewerKey = (claims: RequestClaims): string =>
  `${claims.role}\u0000${claims.sub ?? ''}`;

export interface Rights {
  catalog: Catalog;
  policies: PolicyCache;
  /** Filter conditions by key (bindings.ts `filterKey`). */
  filters: (key: string) => Condition[] | undefined;
  /** Statement timeout of every check, in milliseconds. */
  timeoutMs: number;
}

/** Concurrent check transactions per batch: PostgreSQL runs them in parallel, PGlite queues them. */
const CHECK_TRANSACTIONS = 4;

interface TableCheck {
  predicate: string | null;
  rows: { change: Change; policy: boolean }[];
  filterKeys: Set<string>;
}

interface Plan {
  claims: RequestClaims;
  wants: Map<Change, Set<string>>;
  verdicts: Verdicts;
  checks: Map<TableInfo, TableCheck>;
}

/**
 * For each viewer, the changes it may see with the filters they pass. The viewers' checks
 * share a few read-only transactions, switching role and claims per viewer exactly as
 * `db.asRole` does (one transaction per viewer would cost PGlite four extra statements per
 * subscriber and change). Never throws for one viewer's sake: a group that fails is re-checked
 * viewer by viewer, and a viewer whose check fails sees nothing of the batch (reported through
 * `onError`).
 */
export const authorizeBatch = async (
  db: Db,
  rights: Rights,
  viewers: Map<string, Viewer>,
  onError: (error: unknown) => void,
): Promise<Map<string, Verdicts>> => {
  const plans = new Map<string, Plan>();
  for (const [key, viewer] of viewers) plans.set(key, await plan(rights, viewer));

  const pending = [...plans.values()].filter((p) => p.checks.size > 0);
  const groups = Array.from({ length: Math.min(CHECK_TRANSACTIONS, pending.length) }, (_, g) =>
    pending.filter((_p, i) => i % CHECK_TRANSACTIONS === g),
  );
  const checks = boundedTransactions(db, rights.timeoutMs);
  const inTransaction = (group: Plan[]) =>
    checks(
      async (tx) => {
        for (const p of group) {
          await applyRoleSettings(tx, p.claims);
          await runChecks(tx, p, rights);
        }
      },
      { readOnly: true },
    );
  await Promise.all(
    groups.map(async (group) => {
      try {
        await inTransaction(group);
      } catch {
        for (const p of group) {
          // Forget what the failed transaction decided; decide it again on its own.
          for (const check of p.checks.values())
            for (const { change } of check.rows) p.verdicts.delete(change);
          try {
            await inTransaction([p]);
          } catch (error) {
            onError(error);
            p.verdicts.clear();
          }
        }
      }
    }),
  );
  return new Map([...plans].map(([key, p]) => [key, p.verdicts]));
};

const plan = async ({ catalog, policies }: Rights, { claims, wants }: Viewer): Promise<Plan> => {
  const result: Plan = { claims, wants, verdicts: new Map(), checks: new Map() };
  for (const [change, filterKeys] of wants) {
    const info = catalog.get(change.schema, change.table);
    if (!info || info.primaryKey.length === 0) continue;
    const selectable = await catalog.selectableColumns(claims.role, info);
    if (!info.primaryKey.every((name) => selectable.has(name))) continue;

    let policy: boolean;
    if (claims.role === 'service_role' || !info.rowSecurity) {
      policy = false;
    } else if (change.type === 'DELETE') {
      if (claims.sub === undefined || !change.audience?.includes(claims.sub)) continue;
      policy = false;
    } else {
      policy = true;
    }
    if (!policy && filterKeys.size === 0) {
      result.verdicts.set(change, new Set());
      continue;
    }
    const predicate = policy ? await policies.selectPredicate(claims.role, info) : null;
    if (policy && predicate === null) continue; // no policy lets this role see any row
    const check = result.checks.get(info) ?? { predicate, rows: [], filterKeys: new Set() };
    if (predicate !== null) check.predicate = predicate;
    check.rows.push({ change, policy });
    for (const key of filterKeys) check.filterKeys.add(key);
    result.checks.set(info, check);
  }
  return result;
};

/** One query per table: which of the viewer's rows it may see, and which filters they pass. */
const runChecks = async (tx: Queryable, p: Plan, rights: Rights): Promise<void> => {
  for (const [info, check] of p.checks) {
    const params: unknown[] = [
      JSON.stringify(
        check.rows.map(({ change, policy }) => ({
          r: change.type === 'DELETE' ? change.oldRecord : change.record,
          p: policy,
        })),
      ),
    ];
    const bind = binder(params);
    const keys = [...check.filterKeys];
    const expressions = keys.map((key) => {
      const conditions = rights.filters(key) ?? [];
      // A filter whose binding went away meanwhile: nothing can fire on it.
      return conditions.length === 0
        ? 'false'
        : `(${filterSql(conditions, info, quoteIdent(info.table), bind)})`;
    });
    const { rows: passed } = await tx.query<{ ordinal: number | string; matched: boolean[] }>(
      checkRowsSql(info, check.predicate, expressions),
      params,
    );
    for (const { ordinal, matched } of passed) {
      const row = check.rows[Number(ordinal) - 1];
      if (!row) continue;
      const wanted = p.wants.get(row.change);
      const passes = new Set(keys.filter((key, i) => matched[i] === true && wanted?.has(key)));
      p.verdicts.set(row.change, passes);
    }
  }
};

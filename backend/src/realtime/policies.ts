/**
 * A table's row-level security for SELECT, compiled into one SQL predicate per API role, the
 * way PostgreSQL combines policies: the permissive ones OR-ed, the restrictive ones AND-ed,
 * nothing visible without a permissive policy. Policies apply to a role when they name it, a
 * role it belongs to, or PUBLIC.
 *
 * Why not simply re-read the row under RLS: a change is checked after commit, and by then the
 * row may have changed again or be gone (an update followed at once by a delete), and the
 * update would be lost to every subscriber. Evaluating the policies on the row as it was
 * committed, as the subscriber and against the current state of everything else (so that a
 * member removed from a board stops receiving at once), delivers every change its reader may
 * see. The expressions are the database's own (pg_get_expr, with an empty search_path so that
 * every name comes out schema-qualified); nothing from a client goes into them.
 */
import type { Db } from '../db/types.ts';
import { qualifiedName, quoteIdent, tableKey } from './catalog.ts';
import type { TableInfo } from './catalog.ts';
import { TtlCache } from './ttl-cache.ts';

interface PolicyRow {
  permissive: boolean;
  qual: string | null;
}

/** The SELECT predicate for `role` on `info`, or null when the role may see no row at all. */
const loadSelectPredicate = async (
  db: Db,
  info: TableInfo,
  role: string,
): Promise<string | null> => {
  const { rows } = await db.transaction(async (tx) => {
    await tx.query(`select set_config('search_path', '', true)`);
    return tx.query<PolicyRow>(
      `select p.polpermissive as permissive, pg_get_expr(p.polqual, p.polrelid) as qual
       from pg_policy p
       where p.polrelid = $1::regclass and p.polcmd in ('r', '*')
         and exists (select 1 from unnest(p.polroles) r where r = 0 or pg_has_role($2, r, 'MEMBER'))
       order by p.polname`,
      [qualifiedName(info), role],
    );
  });
  const clause = (row: PolicyRow) => `(${row.qual ?? 'true'})`;
  const permissive = rows.filter((r) => r.permissive).map(clause);
  const restrictive = rows.filter((r) => !r.permissive).map(clause);
  if (permissive.length === 0) return null;
  return [`(${permissive.join(' or ')})`, ...restrictive].join(' and ');
};

const ORDINAL = '__realtime_ordinal';
const DOCUMENT = '__realtime_row';

/**
 * Selects, for `$1` (a JSON array of `{r: row of info, p: whether row security must pass}`),
 * the (1-based) position of every row the subscriber may see, with one boolean per filter
 * expression: whether the row passes it. The row is named like its table, so the policies' and
 * filters' references resolve. Postgres projects only rows that passed the WHERE clause, so a
 * filter never runs on a row the subscriber may not see: its cost (and so the time it takes)
 * cannot tell anything about a foreign row.
 */
export const checkRowsSql = (
  info: TableInfo,
  predicate: string | null,
  filters: string[],
): string =>
  `select e.${ORDINAL} as ordinal,
          array[${filters.map((f) => `coalesce(${f}, false)`).join(', ')}]::boolean[] as matched
   from jsonb_array_elements($1::jsonb) with ordinality as e(${DOCUMENT}, ${ORDINAL})
   cross join lateral jsonb_populate_record(null::${qualifiedName(info)}, e.${DOCUMENT} -> 'r')
     as ${quoteIdent(info.table)}
   where case when (e.${DOCUMENT} ->> 'p')::boolean then (${predicate ?? 'false'}) else true end`;

const POLICY_TTL_MS = 10_000;

/** Predicates per role and table, re-read now and then (policies change only by migration). */
export class PolicyCache {
  private readonly predicates = new TtlCache<string | null>(POLICY_TTL_MS);

  constructor(private readonly db: Db) {}

  selectPredicate(role: string, info: TableInfo): Promise<string | null> {
    return this.predicates.get(`${role}\u0000${tableKey(info.schema, info.table)}`, () =>
      loadSelectPredicate(this.db, info, role),
    );
  }

  clear(): void {
    this.predicates.clear();
  }
}

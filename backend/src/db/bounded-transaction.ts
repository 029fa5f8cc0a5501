import type { Db, Queryable } from './types.ts';

/**
 * Runs `fn` in a transaction as the backend in which every statement stops after the bound
 * (a local statement_timeout, gone with the transaction): for the realtime checks, which must
 * not hold up a join or a delivery. Read-only unless the check writes probes it rolls back.
 */
export type BoundedTransaction = <T>(
  fn: (tx: Queryable) => Promise<T>,
  options?: { readOnly?: boolean },
) => Promise<T>;

export const boundedTransactions =
  (db: Db, timeoutMs: number): BoundedTransaction =>
  (fn, { readOnly = false } = {}) =>
    db.transaction(async (tx) => {
      if (readOnly) await tx.query('set transaction read only');
      await tx.query(`select set_config('statement_timeout', $1, true)`, [String(timeoutMs)]);
      return fn(tx);
    });

/**
 * PGlite (PostgreSQL compiled to WebAssembly) in this process: the embedded default. It is a
 * single backend that serialises every query and transaction behind one mutex, which is why a
 * transaction callback must use only its own handle (docs/notes/pglite.md §5).
 */
import { PGlite, type Results, type Transaction } from '@electric-sql/pglite';
import { asRoleVia } from './role-settings.ts';
import type { Db, QueryResult, Queryable } from './types.ts';

const toResult = <R>(result: Results<R>): QueryResult<R> => ({
  rows: result.rows,
  rowCount: result.affectedRows || result.rows.length,
});

const wrap = (target: PGlite | Transaction): Queryable => ({
  async query<R>(sql: string, params: unknown[] = []) {
    return toResult(await target.query<R>(sql, params));
  },
  async exec(sql: string) {
    await target.exec(sql);
  },
});

/** Opens PGlite in `dataDir`, or in memory when it is null. */
export const openPglite = async (dataDir: string | null): Promise<Db> => {
  const pglite = await PGlite.create(dataDir ?? undefined);
  const direct = wrap(pglite);

  const transaction: Db['transaction'] = (fn) => pglite.transaction((tx) => fn(wrap(tx)));

  return {
    kind: 'pglite',
    query: direct.query,
    exec: direct.exec,
    transaction,
    asRole: asRoleVia(transaction),
    async listen(channel, onPayload) {
      const unlisten = await pglite.listen(channel, onPayload);
      return () => unlisten();
    },
    async close() {
      if (!pglite.closed) await pglite.close();
    },
  };
};

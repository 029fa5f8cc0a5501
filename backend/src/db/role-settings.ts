import type { AsRoleOptions, Db, Queryable, RequestClaims } from './types.ts';

/**
 * Switches a fresh transaction to the request's role and claims, as PostgREST does: every
 * setting is transaction-local (`set_config(..., true)`), so it ends with the transaction and
 * never leaks into the next request on a reused connection. Keys and values are bind
 * parameters; nothing from the request is spliced into SQL.
 */
export const applyRoleSettings = async (
  tx: Queryable,
  claims: RequestClaims,
  options: AsRoleOptions = {},
): Promise<void> => {
  if (options.readOnly) await tx.query('set transaction read only');
  const settings: [string, string][] = [
    ['role', claims.role],
    ['request.jwt.claims', JSON.stringify(claims)],
    ...Object.entries(options.settings ?? {}).map(([key, value]): [string, string] => [
      `request.${key}`,
      value,
    ]),
  ];
  const calls = settings.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`).join(', ');
  await tx.query(`select ${calls}`, settings.flat());
};

/** `Db.asRole` for an adapter, built on its own `transaction`. */
export const asRoleVia =
  (transaction: Db['transaction']): Db['asRole'] =>
  (claims, fn, options) =>
    transaction(async (tx) => {
      await applyRoleSettings(tx, claims, options);
      return fn(tx);
    });

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
  // The role is a bind parameter too (read from the verified token, never spliced).
  await tx.query(`select ${calls}, (${roleDefaults(`$${settings.length * 2 + 1}`)})`, [
    ...settings.flat(),
    claims.role,
  ]);
};

/**
 * The impersonated role's own settings (`alter role anon set statement_timeout = '3s'`), applied
 * for the transaction as PostgREST applies them ("impersonated role settings"). `set local role`
 * alone does not: role defaults take effect only at login, and every request here logs in as
 * the connecting user. A setting for this database wins over the role's general one, as at
 * login. Only parameters any session may change (`pg_settings.context = 'user'`) are applied, so
 * none can fail. PGlite accepts statement_timeout but never cancels (README, "Timeouts").
 */
const roleDefaults = (roleParam: string) => `
  select count(set_config(name, value, true)) from (
    select distinct on (name) split_part(entry, '=', 1) as name,
           substr(entry, strpos(entry, '=') + 1) as value
      from pg_catalog.pg_db_role_setting s
      cross join lateral unnest(s.setconfig) as entry
     where s.setrole = (select oid from pg_catalog.pg_roles where rolname = ${roleParam})
       and s.setdatabase in (0, (select oid from pg_catalog.pg_database
                                  where datname = pg_catalog.current_database()))
     order by name, s.setdatabase desc
  ) defaults
  where exists (select from pg_catalog.pg_settings p where p.name = defaults.name and p.context = 'user')`;

/** `Db.asRole` for an adapter, built on its own `transaction`. */
export const asRoleVia =
  (transaction: Db['transaction']): Db['asRole'] =>
  (claims, fn, options) =>
    transaction(async (tx) => {
      await applyRoleSettings(tx, claims, options);
      return fn(tx);
    });

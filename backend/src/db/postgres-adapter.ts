/**
 * A PostgreSQL server through `pg`: a pool for requests plus one dedicated connection for
 * LISTEN, reconnected with its channels when it drops, so that several backend processes can
 * share one database and each receive every notification.
 */
import pg from 'pg';
import type { Logger } from 'pino';
import { asRoleVia } from './role-settings.ts';
import type { Db, Queryable } from './types.ts';

const RECONNECT_DELAY_MS = 1000;

// Parse int8 as a number (when it fits) like PGlite does, so both adapters return the same rows.
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8
      ? (value: string) => (Number.isSafeInteger(Number(value)) ? Number(value) : value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

const wrap = (client: pg.Pool | pg.PoolClient): Queryable => ({
  async query<R>(sql: string, params: unknown[] = []) {
    const result = await client.query(sql, params);
    return { rows: result.rows as R[], rowCount: result.rowCount ?? result.rows.length };
  },
  async exec(sql: string) {
    await client.query(sql);
  },
});

export const openPostgres = async (connectionString: string, logger: Logger): Promise<Db> => {
  const pool = new pg.Pool({ connectionString, max: 10, types });
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', (error) => logger.warn({ err: error }, 'idle database connection failed'));
  await pool.query('select 1');

  const transaction: Db['transaction'] = async (fn) => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const result = await fn(wrap(client));
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };

  const listeners = new Map<string, Set<(payload: string) => void>>();
  let listenClient: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;

  const connectListener = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const client = new pg.Client({ connectionString, types });
      client.on('notification', ({ channel, payload }) => {
        for (const callback of listeners.get(channel) ?? []) callback(payload ?? '');
      });
      const reconnect = () => {
        if (listenClient !== client || closed) return;
        listenClient = null;
        connecting = null;
        setTimeout(() => {
          if (!closed)
            connectListener().catch((err) => logger.error({ err }, 'LISTEN reconnect failed'));
        }, RECONNECT_DELAY_MS);
      };
      client.on('error', (err) => {
        logger.warn({ err }, 'LISTEN connection failed; reconnecting');
        reconnect();
      });
      client.on('end', reconnect);
      await client.connect();
      for (const channel of listeners.keys())
        await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      listenClient = client;
      return client;
    })();
    return connecting;
  };

  return {
    kind: 'postgres',
    ...wrap(pool),
    transaction,
    asRole: asRoleVia(transaction),
    async listen(channel, onPayload) {
      const client = listenClient ?? (await connectListener());
      let callbacks = listeners.get(channel);
      if (!callbacks) {
        callbacks = new Set();
        listeners.set(channel, callbacks);
        await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      }
      callbacks.add(onPayload);
      return async () => {
        callbacks.delete(onPayload);
        if (callbacks.size === 0 && listeners.get(channel) === callbacks) {
          listeners.delete(channel);
          await listenClient
            ?.query(`unlisten ${pg.escapeIdentifier(channel)}`)
            .catch(() => undefined);
        }
      };
    },
    async close() {
      closed = true;
      const client = listenClient;
      listenClient = null;
      await client?.end().catch(() => undefined);
      await pool.end();
    },
  };
};

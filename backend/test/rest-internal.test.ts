/**
 * What a client sees when the server itself fails: the REST app called in process over a
 * database port that breaks, so the failure is certain and nothing else is disturbed.
 */
import type { Logger } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { createJwtService } from '../src/auth/jwt.ts';
import { loadConfig } from '../src/config.ts';
import type { Db, DbError, Queryable } from '../src/db/types.ts';
import { createMailSender } from '../src/mail/sender.ts';
import { restRoutes } from '../src/rest/index.ts';

const CATALOG = JSON.stringify({
  relations: [
    {
      name: 'things',
      columns: [{ name: 'id', type: 'integer' }],
      primaryKey: ['id'],
      uniqueKeys: [],
    },
  ],
  foreignKeys: [],
  functions: [],
});

/** A database whose catalog loads but whose request transactions fail with `failure`. */
const brokenDb = (failure: Error): Db => {
  const tx: Queryable = {
    query: async <R>() => ({ rows: [{ catalog: CATALOG }] as R[], rowCount: 1 }),
    exec: async () => undefined,
  };
  return {
    kind: 'pglite',
    query: tx.query,
    exec: tx.exec,
    transaction: (fn) => fn(tx),
    asRole: async () => {
      throw failure;
    },
    listen: async () => async () => undefined,
    close: async () => undefined,
  };
};

const appWith = async (failure: Error) => {
  const config = loadConfig({});
  const jwt = await createJwtService(config.jwtSecret);
  const logger = { error: vi.fn() };
  const app = restRoutes({
    config,
    jwt,
    db: brokenDb(failure),
    logger: logger as unknown as Logger,
    mail: createMailSender({ smtp: null, smtpSender: '' }, logger as unknown as Logger),
  });
  return { app, logger, anonKey: jwt.anonKey };
};

describe('server failures', () => {
  it('answers an unexpected error with a generic 500 and logs it', async () => {
    const { app, logger, anonKey } = await appWith(new Error('connection lost: secret detail'));
    const response = await app.request('/things', { headers: { apikey: anonKey } });
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      code: 'PGRST000',
      message: 'Unexpected server error',
      details: null,
      hint: null,
    });
    expect(text).not.toContain('secret detail');
    expect(logger.error).toHaveBeenCalledOnce();
  });

  it('answers a database failure with its SQLSTATE and PostgREST status, and logs 5xx', async () => {
    const unavailable = Object.assign(new Error('the database system is starting up'), {
      code: '57P03',
    });
    const { app, logger, anonKey } = await appWith(unavailable as DbError);
    const response = await app.request('/things', { headers: { apikey: anonKey } });
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ code: '57P03' });
    expect(logger.error).toHaveBeenCalledOnce();
  });
});

describe('the schema cache', () => {
  /** A database whose catalog can grow a table, counting catalog loads; reads return no rows. */
  const countingDb = () => {
    const tables = ['things'];
    let loads = 0;
    const catalog = () =>
      JSON.stringify({
        relations: tables.map((name) => ({
          name,
          columns: [{ name: 'id', type: 'integer' }],
          primaryKey: ['id'],
          uniqueKeys: [],
        })),
        foreignKeys: [],
        functions: [],
      });
    const tx: Queryable = {
      query: async <R>(sql: string) => {
        if (sql.includes('set_config')) return { rows: [] as R[], rowCount: 0 };
        loads += 1;
        return { rows: [{ catalog: catalog() }] as R[], rowCount: 1 };
      },
      exec: async () => undefined,
    };
    const reads: Queryable = {
      query: async <R>() => ({ rows: [{ body: '[]', page: 0, total: null }] as R[], rowCount: 1 }),
      exec: async () => undefined,
    };
    const db: Db = {
      kind: 'pglite',
      query: tx.query,
      exec: tx.exec,
      transaction: (fn) => fn(tx),
      asRole: (_claims, fn) => fn(reads),
      listen: async () => async () => undefined,
      close: async () => undefined,
    };
    return { db, tables, loads: () => loads };
  };

  it('reloads a few times for a stream of unknown names, and still finds a new table', async () => {
    const config = loadConfig({});
    const jwt = await createJwtService(config.jwtSecret);
    const { db, tables, loads } = countingDb();
    const logger = { error: vi.fn(), warn: vi.fn() } as unknown as Logger;
    const mail = createMailSender({ smtp: null, smtpSender: '' }, logger);
    const app = restRoutes({ config, jwt, db, logger, mail });
    const get = (table: string) => app.request(`/${table}`, { headers: { apikey: jwt.anonKey } });

    expect((await get('things')).status).toBe(200);
    // Misses one after another, each arriving after the previous reload is done: without a
    // limit, every one of them would load the catalog again.
    const misses: (Response | Promise<Response>)[] = [];
    for (let i = 0; i < 10; i++) {
      misses.push(get(`nope_${i}`));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect((await Promise.all(misses)).map((r) => r.status)).toEqual(Array(10).fill(404));
    expect(loads()).toBeLessThanOrEqual(4);

    tables.push('created_later');
    const later = await get('created_later');
    expect(later.status).toBe(200);
    expect(await later.json()).toEqual([]);
  });
});

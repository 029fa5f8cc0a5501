/**
 * Reads committed changes in commit order. Each notification names one committed
 * transaction; notifications arrive in commit order on PGlite's `listen` and on a dedicated
 * PostgreSQL LISTEN connection alike, so every backend process sharing a database sees every
 * change exactly once. Transactions queue up while a batch is being delivered and are then
 * read together: a burst of writes costs one query per batch, not one per row.
 */
import type { Logger } from 'pino';
import type { Db } from '../db/types.ts';
import { FEED_SCHEMA } from './catalog.ts';
import { NOTIFY_CHANNEL, pruneChanges } from './feed-install.ts';

export type ChangeType = 'INSERT' | 'UPDATE' | 'DELETE';
export type Row = Record<string, unknown>;

export interface Change {
  id: number;
  schema: string;
  table: string;
  type: ChangeType;
  /** The new row (INSERT, UPDATE). */
  record: Row | null;
  /** The whole old row (UPDATE, DELETE); what is sent of it is decided per subscriber. */
  oldRecord: Row | null;
  /** DELETE only: user ids that could see the row when it was deleted (null: nobody known). */
  audience: string[] | null;
  /** `YYYY-MM-DDTHH:MM:SS.mmmZ`, as hosted Realtime formats it. */
  commitTimestamp: string;
}

interface ChangeRow {
  id: number | string;
  txid: number | string;
  schema_name: string;
  table_name: string;
  op: ChangeType;
  record: Row | null;
  old_record: Row | null;
  audience: string[] | null;
  captured_at: Date | string;
}

export interface ChangeFeedOptions {
  /** Called with each batch in commit order; the next batch waits for it to settle. */
  deliver: (changes: Change[]) => Promise<void>;
  /** When nobody subscribes to postgres_changes, notified transactions are skipped unread. */
  wanted: () => boolean;
  /** Captured rows older than this are deleted (every listener has long read them). */
  retentionSeconds?: number;
  pruneEveryMs?: number;
  /** Most transactions read in one query. */
  batchSize?: number;
}

export interface ChangeFeed {
  /** Resolves once every notification received so far has been delivered. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

const toChange = (row: ChangeRow): Change => ({
  id: Number(row.id),
  schema: row.schema_name,
  table: row.table_name,
  type: row.op,
  record: row.record,
  oldRecord: row.old_record,
  audience: row.audience,
  commitTimestamp: new Date(row.captured_at).toISOString(),
});

export const startChangeFeed = async (
  db: Db,
  logger: Logger,
  options: ChangeFeedOptions,
): Promise<ChangeFeed> => {
  const {
    deliver,
    wanted,
    retentionSeconds = 300,
    pruneEveryMs = 60_000,
    batchSize = 200,
  } = options;
  const pending: string[] = [];
  let draining: Promise<void> | null = null;
  let stopped = false;

  const readBatch = async (txids: string[]): Promise<Change[]> => {
    const { rows } = await db.query<ChangeRow>(
      `select id, txid, schema_name, table_name, op, record, old_record, audience, captured_at
       from ${FEED_SCHEMA}.changes where txid = any($1::bigint[]) order by id`,
      [txids],
    );
    // Commit order between transactions comes from the notifications; id order within one.
    const rank = new Map(txids.map((txid, i) => [txid, i]));
    return rows
      .sort(
        (a, b) =>
          (rank.get(String(a.txid)) ?? 0) - (rank.get(String(b.txid)) ?? 0) ||
          Number(a.id) - Number(b.id),
      )
      .map(toChange);
  };

  const drain = async (): Promise<void> => {
    while (pending.length > 0 && !stopped) {
      const txids = pending.splice(0, batchSize);
      if (!wanted()) continue;
      let changes: Change[];
      try {
        changes = await readBatch(txids);
      } catch (error) {
        if (stopped) return;
        logger.error(
          { err: error, transactions: txids.length },
          'realtime: reading changes failed; skipped',
        );
        continue;
      }
      try {
        await deliver(changes);
      } catch (error) {
        logger.error(
          { err: error, changes: changes.length },
          'realtime: delivering changes failed',
        );
      }
    }
  };

  const kick = () => {
    draining ??= drain().finally(() => {
      draining = null;
      if (pending.length > 0 && !stopped) kick();
    });
  };

  const unlisten = await db.listen(NOTIFY_CHANNEL, (payload) => {
    if (stopped || !/^\d+$/.test(payload)) return;
    pending.push(payload);
    kick();
  });

  const pruneTimer = setInterval(() => {
    pruneChanges(db, retentionSeconds).catch((error: unknown) => {
      if (!stopped) logger.warn({ err: error }, 'realtime: pruning old changes failed');
    });
  }, pruneEveryMs);
  pruneTimer.unref();

  return {
    async idle() {
      while (draining) await draining;
    },
    async stop() {
      stopped = true;
      clearInterval(pruneTimer);
      await unlisten().catch(() => undefined);
      await draining?.catch(() => undefined);
    },
  };
};

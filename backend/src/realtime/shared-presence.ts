/**
 * Presence shared by every backend process on one PostgreSQL database.
 *
 * Why a table plus NOTIFY, and not presence events gossiped over NOTIFY alone: a process that
 * starts, or whose LISTEN connection was re-established, would have to ask its peers for their
 * entries and would miss whatever was sent meanwhile; and a tracked meta may exceed NOTIFY's
 * 8,000-byte payload. Here the table is the truth: a joining channel reads the topic's entries
 * in one indexed query, and a notification carries only the changed topic's tag (a hash, never
 * user text), after which each process re-reads and diffs (presence.ts). A lost notification
 * is healed by the next one.
 *
 * Liveness: each process upserts its row in `presence_nodes` every `heartbeatMs`. Entries of a
 * process whose row is older than `nodeTtlMs` are no longer read, and any process sweeping
 * (every `heartbeatMs`) deletes them and notifies their topics: a crashed process's entries are
 * gone for everyone within `nodeTtlMs + heartbeatMs`. A process that finds its own row swept
 * (it stalled, or the database restarted and emptied the unlogged tables) writes its entries
 * again. UNLOGGED because presence is worth nothing after a database crash (all sockets drop
 * with it) and heartbeats should not cost WAL. Times are the database's `now()`, so processes
 * on machines with skewed clocks still agree.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Db, Queryable } from '../db/types.ts';
import { FEED_SCHEMA } from './catalog.ts';
import { topicTag } from './presence.ts';
import type { Meta, PresenceEntry, PresenceStore } from './presence.ts';

export const PRESENCE_CHANNEL = 'taskflow_presence';
const INSTALL_LOCK = 'taskflow_realtime.presence_install';

const INSTALL_SQL = `
create schema if not exists ${FEED_SCHEMA};
revoke all on schema ${FEED_SCHEMA} from public;
create unlogged table if not exists ${FEED_SCHEMA}.presence_nodes (
  node_id uuid primary key,
  seen_at timestamptz not null default now()
);
create unlogged table if not exists ${FEED_SCHEMA}.presence (
  ref text primary key,
  node_id uuid not null,
  topic text not null,
  key text not null,
  meta jsonb not null,
  tracked_at timestamptz not null default clock_timestamp()
);
create index if not exists presence_topic_idx on ${FEED_SCHEMA}.presence (topic);
create index if not exists presence_node_idx on ${FEED_SCHEMA}.presence (node_id);
revoke all on ${FEED_SCHEMA}.presence_nodes, ${FEED_SCHEMA}.presence from public;
`;

export interface SharedPresenceOptions {
  /** How often this process proves it is alive and sweeps dead peers. */
  heartbeatMs: number;
  /** A process silent for this long is presumed dead, and its entries go. */
  nodeTtlMs: number;
}

interface Own {
  topic: string;
  key: string;
  meta: Meta;
}

export const startSharedPresence = async (
  db: Db,
  logger: Logger,
  { heartbeatMs, nodeTtlMs }: SharedPresenceOptions,
): Promise<PresenceStore> => {
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [INSTALL_LOCK]);
    await tx.exec(INSTALL_SQL);
  });

  const nodeId = randomUUID();
  const ttl = `${nodeTtlMs} milliseconds`;
  /** This process's entries by tracker, to write them again after a sweep took them. */
  const own = new Map<object, Own>();
  const listeners: ((tag: string) => void)[] = [];
  let closed = false;
  // Writes run one after another, so an untrack can never overtake its track.
  let writes: Promise<unknown> = Promise.resolve();
  const serially = <T>(write: () => Promise<T>): Promise<T> => {
    const run = writes.then(write);
    writes = run.catch(() => undefined);
    return run;
  };

  const changedHere = (topics: Iterable<string>) => {
    for (const topic of new Set(topics)) {
      const tag = topicTag(topic);
      for (const listener of listeners) listener(tag);
    }
  };
  const notify = (tx: Queryable, topics: string[]) =>
    tx.query(`select pg_notify($1, $2 || ' ' || t) from unnest($3::text[]) as t`, [
      PRESENCE_CHANNEL,
      nodeId,
      [...new Set(topics)].map(topicTag),
    ]);

  const insert = (tx: Queryable, entries: Own[]) =>
    tx.query(
      `insert into ${FEED_SCHEMA}.presence (ref, node_id, topic, key, meta)
       select e ->> 'ref', $1, e ->> 'topic', e ->> 'key', e -> 'meta'
       from jsonb_array_elements($2::jsonb) as e
       on conflict (ref) do nothing`,
      [nodeId, JSON.stringify(entries.map((e) => ({ ...e, ref: e.meta.phx_ref })))],
    );

  /** Proves this process alive; writes its entries again when its row had been swept. */
  const beat = () =>
    serially(async () => {
      const entries = [...own.values()];
      const rewritten = await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ fresh: boolean }>(
          `insert into ${FEED_SCHEMA}.presence_nodes (node_id) values ($1)
           on conflict (node_id) do update set seen_at = now()
           returning (xmax = 0) as fresh`,
          [nodeId],
        );
        if (!rows[0]?.fresh || entries.length === 0) return false;
        await insert(tx, entries);
        await notify(
          tx,
          entries.map((e) => e.topic),
        );
        return true;
      });
      if (rewritten) changedHere(entries.map((e) => e.topic));
    });

  /** Deletes the entries of processes silent for longer than the TTL and tells their topics. */
  const sweep = () =>
    db.transaction(async (tx) => {
      const { rows } = await tx.query<{ topic: string }>(
        `with dead as (
           delete from ${FEED_SCHEMA}.presence_nodes
           where seen_at < now() - $1::interval and node_id <> $2
           returning node_id)
         delete from ${FEED_SCHEMA}.presence p
         where p.node_id in (select node_id from dead)
            or p.node_id not in (select node_id from ${FEED_SCHEMA}.presence_nodes)
         returning p.topic`,
        [ttl, nodeId],
      );
      if (rows.length > 0)
        await notify(
          tx,
          rows.map((r) => r.topic),
        );
      return rows.map((r) => r.topic);
    });

  await beat();
  const unlisten = await db.listen(PRESENCE_CHANNEL, (payload) => {
    const [from, tag] = payload.split(' ');
    // Own changes were announced when they were written.
    if (closed || from === nodeId || !tag) return;
    for (const listener of listeners) listener(tag);
  });

  const timer = setInterval(() => {
    beat()
      .then(sweep)
      .then((topics) => changedHere(topics))
      .catch((error: unknown) => {
        if (!closed) logger.warn({ err: error }, 'realtime: presence heartbeat failed');
      });
  }, heartbeatMs);
  timer.unref();

  return {
    async entries(topic) {
      const { rows } = await db.query<{ key: string; meta: Meta }>(
        `select p.key, p.meta
         from ${FEED_SCHEMA}.presence p
         join ${FEED_SCHEMA}.presence_nodes n on n.node_id = p.node_id
         where p.topic = $1 and n.seen_at >= now() - $2::interval
         order by p.tracked_at, p.ref`,
        [topic, ttl],
      );
      return rows satisfies PresenceEntry[];
    },

    track(topic, tracker, key, meta) {
      return serially(async () => {
        const previous = own.get(tracker);
        const entry = { topic, key, meta };
        own.set(tracker, entry);
        await db.transaction(async (tx) => {
          if (previous)
            await tx.query(`delete from ${FEED_SCHEMA}.presence where ref = $1`, [
              previous.meta.phx_ref,
            ]);
          await insert(tx, [entry]);
          await notify(tx, [topic]);
        });
        changedHere([topic]);
      });
    },

    untrack(topic, tracker) {
      return serially(async () => {
        const previous = own.get(tracker);
        if (!previous) return;
        own.delete(tracker);
        await db.transaction(async (tx) => {
          await tx.query(`delete from ${FEED_SCHEMA}.presence where ref = $1`, [
            previous.meta.phx_ref,
          ]);
          await notify(tx, [topic]);
        });
        changedHere([topic]);
      });
    },

    onChange(listener) {
      listeners.push(listener);
    },

    async close() {
      closed = true;
      clearInterval(timer);
      await writes;
      // A clean stop takes this process's entries away at once instead of after the TTL.
      await db
        .transaction(async (tx) => {
          const { rows } = await tx.query<{ topic: string }>(
            `delete from ${FEED_SCHEMA}.presence where node_id = $1 returning topic`,
            [nodeId],
          );
          await tx.query(`delete from ${FEED_SCHEMA}.presence_nodes where node_id = $1`, [nodeId]);
          if (rows.length > 0)
            await notify(
              tx,
              rows.map((r) => r.topic),
            );
        })
        .catch((error: unknown) =>
          logger.warn({ err: error }, 'realtime: presence could not be cleared'),
        );
      await unlisten().catch(() => undefined);
    },
  };
};

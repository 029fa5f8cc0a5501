/**
 * Broadcast from the database, as hosted Realtime delivers it: every committed row of
 * `realtime.messages` with extension `broadcast` (written by `realtime.send`, which triggers
 * call) goes to the channels of its topic, private or public as the row says. Hosted Realtime
 * reads these rows from the WAL; here the bootstrap's trigger NOTIFYs each row's id on
 * `taskflow_broadcast`. Notifications arrive after COMMIT, in commit order, at every backend
 * process listening on the database, so each process delivers every message to its own
 * sockets, once, in commit order (and a topic's sequence numbers, taken in commit order, arrive
 * in order).
 *
 * A private channel was authorised once, at join, as on hosted Realtime. A message to a
 * user's own topic (`user:<id>`) says something about that user changed (a membership): before
 * anything later is delivered, the join policies of that user's private channels on this
 * process run again, and a channel that may no longer read is closed, as hosted Realtime
 * closes one whose refreshed token no longer passes. So a member removed from a board receives
 * nothing of it after the removal.
 */
import type { Logger } from 'pino';
import type { Db } from '../db/types.ts';
import type { Hub } from './hub.ts';

export const BROADCAST_NOTIFY_CHANNEL = 'taskflow_broadcast';

const USER_TOPIC = /^user:(.+)$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface MessageRow {
  id: string;
  topic: string;
  event: string | null;
  payload: unknown;
  private: boolean | null;
}

export interface BroadcastFeedOptions {
  /** Messages older than this are deleted (every process has long delivered them). */
  retentionSeconds?: number;
  pruneEveryMs?: number;
  /** Most messages read in one query. */
  batchSize?: number;
}

export interface BroadcastFeed {
  /** Resolves once every message notified so far has been delivered. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export const startBroadcastFeed = async (
  db: Db,
  hub: Hub,
  logger: Logger,
  options: BroadcastFeedOptions = {},
): Promise<BroadcastFeed> => {
  const { retentionSeconds = 600, pruneEveryMs = 60_000, batchSize = 500 } = options;
  const pending: string[] = [];
  let draining: Promise<void> | null = null;
  let stopped = false;

  const read = async (ids: string[]): Promise<MessageRow[]> => {
    const { rows } = await db.query<MessageRow>(
      `select id, topic, event, payload, private from realtime.messages
       where id = any($1::uuid[]) and extension = 'broadcast'`,
      [ids],
    );
    const rank = new Map(ids.map((id, i) => [id, i]));
    return rows.sort((a, b) => (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0));
  };

  const deliver = async (messages: MessageRow[]): Promise<void> => {
    for (const message of messages) {
      const isPrivate = message.private !== false;
      hub.fromDatabase(message.topic, isPrivate, message.event ?? '', message.payload, message.id);
      const user = USER_TOPIC.exec(message.topic)?.[1];
      if (isPrivate && user) await hub.reauthorizeUser(user);
    }
  };

  const drain = async (): Promise<void> => {
    while (pending.length > 0 && !stopped) {
      const ids = pending.splice(0, batchSize);
      // Nobody here to tell: a user's channels that join later are authorised afresh anyway.
      if (!hub.hasChannels()) continue;
      try {
        await deliver(await read(ids));
      } catch (error) {
        if (stopped) return;
        logger.error({ err: error, messages: ids.length }, 'realtime: broadcast delivery failed');
      }
    }
  };

  const kick = () => {
    draining ??= drain().finally(() => {
      draining = null;
      if (pending.length > 0 && !stopped) kick();
    });
  };

  const unlisten = await db.listen(BROADCAST_NOTIFY_CHANNEL, (payload) => {
    if (stopped || !UUID.test(payload)) return;
    pending.push(payload);
    kick();
  });

  const prune = () =>
    db.query(
      `delete from realtime.messages
       where extension = 'broadcast' and inserted_at < now() - make_interval(secs => $1)`,
      [retentionSeconds],
    );
  const pruneTimer = setInterval(() => {
    prune().catch((error: unknown) => {
      if (!stopped) logger.warn({ err: error }, 'realtime: pruning old broadcasts failed');
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

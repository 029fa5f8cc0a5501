/**
 * From a batch of committed changes to `postgres_changes` frames: match each change against
 * every listening channel's bindings (event, schema, table, filter on the row), authorise the
 * matches per distinct user (authorize.ts), then send in commit order. A change's payload is
 * serialised once per API role (the role decides which columns it may see) and spliced into
 * each channel's frame with that channel's binding ids.
 */
import type { Logger } from 'pino';
import type { Db } from '../db/types.ts';
import { authorizeBatch, viewerKey } from './authorize.ts';
import type { Viewer } from './authorize.ts';
import { matchingIds } from './bindings.ts';
import type { Catalog, TableInfo } from './catalog.ts';
import type { PolicyCache } from './policies.ts';
import type { Change, Row } from './change-feed.ts';
import type { Channel, Hub } from './hub.ts';
import { encodeRaw } from './serializer.ts';

interface Target {
  channel: Channel;
  ids: number[];
  /** Captured at match time: a token swapped mid-batch must not borrow another user's check. */
  viewer: string;
}

interface Delivery {
  change: Change;
  info: TableInfo;
  targets: Target[];
}

const pick = (row: Row, columns: Iterable<string>, selectable: Set<string>): Row => {
  const out: Row = {};
  for (const name of columns) if (selectable.has(name) && name in row) out[name] = row[name];
  return out;
};

/**
 * What hosted Realtime sends of the old row: only the primary key, unless the table has
 * REPLICA IDENTITY FULL (then all of it, except for DELETE on tables with RLS).
 */
const oldRecordFor = (change: Change, info: TableInfo, selectable: Set<string>): Row | null => {
  if (!change.oldRecord) return null;
  const full = info.replicaIdentityFull && !(change.type === 'DELETE' && info.rowSecurity);
  const columns = full ? info.columns.map((c) => c.name) : info.primaryKey;
  return pick(change.oldRecord, columns, selectable);
};

const dataJson = (change: Change, info: TableInfo, selectable: Set<string>): string => {
  const data: Record<string, unknown> = {
    schema: change.schema,
    table: change.table,
    commit_timestamp: change.commitTimestamp,
    type: change.type,
    columns: info.columns
      .filter((c) => selectable.has(c.name))
      .map((c) => ({ name: c.name, type: c.type })),
  };
  if (change.type !== 'DELETE' && change.record) {
    data.record = pick(
      change.record,
      info.columns.map((c) => c.name),
      selectable,
    );
  }
  if (change.type !== 'INSERT') data.old_record = oldRecordFor(change, info, selectable);
  data.errors = null;
  return JSON.stringify(data);
};

export interface DispatcherDeps {
  db: Db;
  catalog: Catalog;
  policies: PolicyCache;
  hub: Hub;
  logger: Logger;
}

export const createDispatcher =
  ({ db, catalog, policies, hub, logger }: DispatcherDeps) =>
  async (changes: Change[]): Promise<void> => {
    if (changes.some((c) => !catalog.get(c.schema, c.table))) {
      await catalog.refresh();
      policies.clear();
    }

    const deliveries: Delivery[] = [];
    const viewers = new Map<string, Viewer>();
    const selectableByRole = new Map<string, Set<string>>();
    for (const change of changes) {
      const info = catalog.get(change.schema, change.table);
      if (!info) continue;
      const targets: Target[] = [];
      for (const channel of hub.changeListeners()) {
        const columnsKey = `${channel.claims.role}\u0000${change.schema}.${change.table}`;
        let selectable = selectableByRole.get(columnsKey);
        if (!selectable) {
          selectable = await catalog.selectableColumns(channel.claims.role, info);
          selectableByRole.set(columnsKey, selectable);
        }
        const ids = matchingIds(channel.bindings, change, info, selectable);
        if (ids.length === 0) continue;
        const viewer = viewerKey(channel.claims);
        viewers.set(viewer, { claims: channel.claims });
        targets.push({ channel, ids, viewer });
      }
      if (targets.length > 0) deliveries.push({ change, info, targets });
    }
    if (deliveries.length === 0) return;

    const allowed = await authorizeBatch(
      db,
      { catalog, policies },
      deliveries.map((d) => d.change),
      viewers,
      (error) => logger.error({ err: error }, 'realtime: authorising changes failed'),
    );

    const payloads = new Map<string, string>();
    for (const { change, info, targets } of deliveries) {
      for (const { channel, ids, viewer } of targets) {
        if (!hub.isListening(channel) || !allowed.get(viewer)?.has(change)) continue;
        const role = channel.claims.role;
        const cacheKey = `${change.id}\u0000${role}`;
        let data = payloads.get(cacheKey);
        if (data === undefined) {
          data = dataJson(change, info, await catalog.selectableColumns(role, info));
          payloads.set(cacheKey, data);
        }
        channel.output.sendText(
          encodeRaw(
            null,
            null,
            channel.topic,
            'postgres_changes',
            `{"ids":[${ids.join(',')}],"data":${data}}`,
            channel.output.vsn,
          ),
        );
      }
    }
  };

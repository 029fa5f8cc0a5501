/**
 * From a batch of committed changes to `postgres_changes` frames: match each change against
 * every listening channel's bindings by event, schema and table, let Postgres decide per
 * distinct user which changes they may see and which of their filters each passes
 * (authorize.ts: permission first, then filters), then send in commit order. A change's
 * payload is serialised once per API role (the role decides which columns it may see) and
 * spliced into each channel's frame with the ids of the bindings it fires.
 */
import type { Logger } from 'pino';
import type { Db } from '../db/types.ts';
import { authorizeBatch, viewerKey } from './authorize.ts';
import type { Viewer } from './authorize.ts';
import { candidateBindings } from './bindings.ts';
import type { Candidate } from './bindings.ts';
import type { Condition } from './filters.ts';
import type { Catalog, TableInfo } from './catalog.ts';
import type { PolicyCache } from './policies.ts';
import type { Change, Row } from './change-feed.ts';
import type { Channel, Hub } from './hub.ts';
import { encodeRaw } from './serializer.ts';

interface Target {
  channel: Channel;
  candidates: Candidate[];
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
  /** Statement timeout of the authorisation queries, in milliseconds. */
  checkTimeoutMs: number;
}

export const createDispatcher =
  ({ db, catalog, policies, hub, logger, checkTimeoutMs }: DispatcherDeps) =>
  async (changes: Change[]): Promise<void> => {
    if (changes.some((c) => !catalog.get(c.schema, c.table))) await catalog.refreshAfterMiss();

    const deliveries: Delivery[] = [];
    const viewers = new Map<string, Viewer>();
    const filters = new Map<string, Condition[]>();
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
        const candidates = candidateBindings(channel.bindings, change, selectable);
        if (candidates.length === 0) continue;
        const viewer = viewerKey(channel.claims);
        const entry = viewers.get(viewer) ?? { claims: channel.claims, wants: new Map() };
        viewers.set(viewer, entry);
        const wanted = entry.wants.get(change) ?? new Set<string>();
        entry.wants.set(change, wanted);
        for (const { filterKey } of candidates) if (filterKey !== null) wanted.add(filterKey);
        for (const binding of channel.bindings) {
          if (binding.filterKey !== null) filters.set(binding.filterKey, binding.conditions);
        }
        targets.push({ channel, candidates, viewer });
      }
      if (targets.length > 0) deliveries.push({ change, info, targets });
    }
    if (deliveries.length === 0) return;

    const verdicts = await authorizeBatch(
      db,
      { catalog, policies, filters: (key) => filters.get(key), timeoutMs: checkTimeoutMs },
      viewers,
      (error) => logger.error({ err: error }, 'realtime: authorising changes failed'),
    );

    const payloads = new Map<string, string>();
    for (const { change, info, targets } of deliveries) {
      for (const { channel, candidates, viewer } of targets) {
        if (!hub.isListening(channel)) continue;
        const passed = verdicts.get(viewer)?.get(change);
        if (!passed) continue;
        const ids = candidates
          .filter((c) => c.filterKey === null || passed.has(c.filterKey))
          .map((c) => c.id);
        if (ids.length === 0) continue;
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

/**
 * Phoenix Presence for one process: who is tracked on a topic, sent as `presence_state` to a
 * joining channel and as `presence_diff` to every channel of the topic when someone tracks,
 * updates or leaves (wire doc §5.13; the client merges diffs by `phx_ref`). State lives in
 * memory only, so sockets on different backend processes do not see each other's presence.
 */
import { randomUUID } from 'node:crypto';

export type Meta = Record<string, unknown> & { phx_ref: string };
export type PresenceMap = Record<string, { metas: Meta[] }>;
export interface PresenceDiff {
  joins: PresenceMap;
  leaves: PresenceMap;
}

interface Entry {
  key: string;
  meta: Meta;
}

let refCounter = 0;
const nextRef = (): string => `${Date.now().toString(36)}${(refCounter++).toString(36)}`;

const single = (key: string, meta: Meta): PresenceMap => ({ [key]: { metas: [meta] } });

export class PresenceRegistry {
  /** topic → tracker (one per joined channel) → its entry. */
  private readonly topics = new Map<string, Map<object, Entry>>();

  /** A key for a channel that did not choose one, as hosted Realtime does. */
  static newKey(): string {
    return randomUUID();
  }

  state(topic: string): PresenceMap {
    const state: PresenceMap = {};
    for (const { key, meta } of this.topics.get(topic)?.values() ?? []) {
      (state[key] ??= { metas: [] }).metas.push(meta);
    }
    return state;
  }

  /** Tracks or re-tracks `tracker` under `key`; returns the diff to send to the topic. */
  track(
    topic: string,
    tracker: object,
    key: string,
    payload: Record<string, unknown>,
  ): PresenceDiff {
    let entries = this.topics.get(topic);
    if (!entries) {
      entries = new Map();
      this.topics.set(topic, entries);
    }
    const previous = entries.get(tracker);
    const meta: Meta = {
      ...payload,
      phx_ref: nextRef(),
      ...(previous ? { phx_ref_prev: previous.meta.phx_ref } : {}),
    };
    entries.set(tracker, { key, meta });
    return {
      joins: single(key, meta),
      leaves: previous ? single(previous.key, previous.meta) : {},
    };
  }

  /** Stops tracking; null when `tracker` was not tracked (nothing to tell anyone). */
  untrack(topic: string, tracker: object): PresenceDiff | null {
    const entries = this.topics.get(topic);
    const previous = entries?.get(tracker);
    if (!entries || !previous) return null;
    entries.delete(tracker);
    if (entries.size === 0) this.topics.delete(topic);
    return { joins: {}, leaves: single(previous.key, previous.meta) };
  }
}

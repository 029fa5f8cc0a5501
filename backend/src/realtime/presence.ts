/**
 * Phoenix Presence (wire doc §5.13): who is tracked on a topic, sent as `presence_state` to a
 * joining channel and as `presence_diff` to every channel of the topic when someone tracks,
 * updates or leaves (the client merges diffs by `phx_ref`).
 *
 * Two parts, so that presence works the same with one backend process or several:
 * - a `PresenceStore` holds the entries. On PGlite (one process) it is `MemoryPresence`; on a
 *   PostgreSQL server it is `SharedPresence` (shared-presence.ts), a table every backend process
 *   writes its own sockets' entries to, with a NOTIFY per changed topic.
 * - one `PresenceFanout` per process tells that process's channels. When a topic changes,
 *   here or on another process, it re-reads the topic's entries and sends each listening channel
 *   the difference from what it told them last. Diffing a re-read state instead of forwarding
 *   events makes a lost, late or doubled notification harmless: the next read sets it right.
 *   Per topic the work runs in one queue, so a channel's `presence_state` and the diffs that
 *   follow it never cross.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { encodeFrame } from './serializer.ts';
import type { Vsn } from './serializer.ts';

export type Meta = Record<string, unknown> & { phx_ref: string };
export type PresenceMap = Record<string, { metas: Meta[] }>;
export interface PresenceDiff {
  joins: PresenceMap;
  leaves: PresenceMap;
}

/** One tracked channel: its presence key and its current meta (whose `phx_ref` names it). */
export interface PresenceEntry {
  key: string;
  meta: Meta;
}

/** A process-wide unique `phx_ref`: entries from several processes meet in one state. */
export const newPresenceRef = (): string => randomBytes(9).toString('base64url');

/** A short fixed-size name for a topic, for NOTIFY payloads (8,000 bytes at most). */
export const topicTag = (topic: string): string =>
  createHash('sha1').update(topic).digest('base64url');

export interface PresenceStore {
  /** Every entry on the topic, on every process, in tracking order. */
  entries(topic: string): Promise<PresenceEntry[]>;
  /** Tracks or re-tracks `tracker` (a channel) under `key` with `meta`. */
  track(topic: string, tracker: object, key: string, meta: Meta): Promise<void>;
  /** Stops tracking `tracker`; nothing happens when it was not tracked. */
  untrack(topic: string, tracker: object): Promise<void>;
  /** `listener` is called with the `topicTag` of every topic whose entries changed. */
  onChange(listener: (tag: string) => void): void;
  close(): Promise<void>;
}

/** One process's presence, in memory: the whole truth when there is only one process. */
export class MemoryPresence implements PresenceStore {
  /** topic → tracker → its entry. */
  private readonly topics = new Map<string, Map<object, PresenceEntry>>();
  private readonly listeners: ((tag: string) => void)[] = [];

  entries(topic: string): Promise<PresenceEntry[]> {
    return Promise.resolve([...(this.topics.get(topic)?.values() ?? [])]);
  }

  track(topic: string, tracker: object, key: string, meta: Meta): Promise<void> {
    let entries = this.topics.get(topic);
    if (!entries) {
      entries = new Map();
      this.topics.set(topic, entries);
    }
    // Delete first, so that a re-tracked entry moves to the end like a new one does.
    entries.delete(tracker);
    entries.set(tracker, { key, meta });
    this.changed(topic);
    return Promise.resolve();
  }

  untrack(topic: string, tracker: object): Promise<void> {
    const entries = this.topics.get(topic);
    if (entries?.delete(tracker)) {
      if (entries.size === 0) this.topics.delete(topic);
      this.changed(topic);
    }
    return Promise.resolve();
  }

  onChange(listener: (tag: string) => void): void {
    this.listeners.push(listener);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  private changed(topic: string): void {
    const tag = topicTag(topic);
    for (const listener of this.listeners) listener(tag);
  }
}

/** What the fanout needs of a channel. */
export interface PresenceListener {
  /** Where the channel's presence lives (hub.ts `roomOf`: its topic, public or private). */
  readonly room: string;
  readonly topic: string;
  readonly joinRef: string;
  readonly output: { readonly vsn: Vsn; sendText(text: string): void };
  readonly presence: { key: string; enabled: boolean; listening: boolean };
}

/**
 * Keys that name a member of `Object.prototype` (`__proto__`, `constructor`, `toString`…) are
 * refused at join: in any plain-object map, ours or a client's, they find the prototype's member
 * instead of an entry, and one member's key would break presence for the whole topic.
 */
const RESERVED_KEYS = new Set(Object.getOwnPropertyNames(Object.prototype));

export const isReservedPresenceKey = (key: string): boolean => RESERVED_KEYS.has(key);

const group = (entries: Iterable<PresenceEntry>): PresenceMap => {
  // Without a prototype no key finds an inherited member, whatever older processes stored.
  const map = Object.create(null) as PresenceMap;
  for (const { key, meta } of entries) (map[key] ??= { metas: [] }).metas.push(meta);
  return map;
};

const byRef = (entries: PresenceEntry[]) => new Map(entries.map((e) => [e.meta.phx_ref, e]));

/** What changed between two readings of a topic; null when nothing did. */
export const presenceDiff = (
  before: Map<string, PresenceEntry>,
  after: Map<string, PresenceEntry>,
): PresenceDiff | null => {
  const joins = [...after].filter(([ref]) => !before.has(ref)).map(([, e]) => e);
  const leaves = [...before].filter(([ref]) => !after.has(ref)).map(([, e]) => e);
  if (joins.length === 0 && leaves.length === 0) return null;
  return { joins: group(joins), leaves: group(leaves) };
};

interface TopicView {
  topic: string;
  /** What this process's listening channels were last told, by `phx_ref`. */
  known: Map<string, PresenceEntry> | null;
  queue: Promise<void>;
}

export class PresenceFanout {
  private readonly views = new Map<string, TopicView>();

  constructor(
    private readonly store: PresenceStore,
    /** The channels of a room on this process. */
    private readonly channelsOn: (room: string) => Iterable<PresenceListener>,
    private readonly logger: Logger,
  ) {
    store.onChange((tag) => {
      const view = this.views.get(tag);
      if (view) this.refresh(view);
    });
  }

  /** Sends `channel` the topic's `presence_state`; from then on it gets the topic's diffs. */
  welcome(channel: PresenceListener): Promise<void> {
    const view = this.view(channel.room);
    return this.enqueue(view, async () => {
      if (!this.isOn(channel)) return;
      view.known ??= byRef(await this.store.entries(view.topic));
      if (!this.isOn(channel)) return;
      send(channel, 'presence_state', group(view.known.values()));
      channel.presence.listening = true;
    });
  }

  track(channel: PresenceListener, payload: Record<string, unknown>): Promise<void> {
    return this.store.track(channel.room, channel, channel.presence.key, {
      ...payload,
      phx_ref: newPresenceRef(),
    });
  }

  untrack(channel: PresenceListener): Promise<void> {
    return this.store.untrack(channel.room, channel);
  }

  private view(topic: string): TopicView {
    const tag = topicTag(topic);
    let view = this.views.get(tag);
    if (!view) {
      view = { topic, known: null, queue: Promise.resolve() };
      this.views.set(tag, view);
    }
    return view;
  }

  private refresh(view: TopicView): void {
    void this.enqueue(view, async () => {
      if (view.known === null) return; // nobody here has been told anything yet
      const after = byRef(await this.store.entries(view.topic));
      const diff = presenceDiff(view.known, after);
      view.known = after;
      if (!diff) return;
      for (const channel of this.channelsOn(view.topic)) {
        if (channel.presence.listening) send(channel, 'presence_diff', diff);
      }
    });
  }

  /** Runs `task` after the topic's earlier work; forgets the topic once nobody here listens. */
  private enqueue(view: TopicView, task: () => Promise<void>): Promise<void> {
    const run = view.queue.then(task).catch((error: unknown) => {
      // The next change or welcome reads the topic afresh.
      view.known = null;
      this.logger.error({ err: error }, 'realtime: presence update failed');
    });
    view.queue = run;
    void run.then(() => {
      if (view.queue !== run) return; // more work is queued behind this task
      const busy = [...this.channelsOn(view.topic)].some((c) => c.presence.enabled);
      const tag = topicTag(view.topic);
      if (!busy && this.views.get(tag) === view) this.views.delete(tag);
    });
    return run;
  }

  private isOn(channel: PresenceListener): boolean {
    return [...this.channelsOn(channel.room)].includes(channel);
  }
}

const send = (channel: PresenceListener, event: string, payload: unknown): void => {
  channel.output.sendText(
    encodeFrame(
      { joinRef: channel.joinRef, ref: null, topic: channel.topic, event, payload },
      channel.output.vsn,
    ),
  );
};

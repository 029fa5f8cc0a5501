/**
 * The process's registry of joined channels: by room (broadcast and presence go to every
 * channel of a room on this process; presence reaches other processes through its store) and the set of channels that listen to
 * `postgres_changes` (what the dispatcher walks for each change).
 */
import type { Logger } from 'pino';
import type { VerifiedClaims } from '../auth/jwt.ts';
import type { Binding } from './bindings.ts';
import type { ChannelAccess } from './channel-access.ts';
import { PresenceFanout } from './presence.ts';
import type { PresenceStore } from './presence.ts';
import { encodeBinaryBroadcast, encodeRaw } from './serializer.ts';
import type { Vsn } from './serializer.ts';

/** What a channel needs from its socket to be written to. */
export interface ChannelOutput {
  readonly vsn: Vsn;
  sendText(text: string): void;
  sendBinary(bytes: Buffer): void;
  /** Runs a private channel's join policies again; closes the channel if it may no longer read. */
  reauthorize(channel: Channel): Promise<void>;
}

/**
 * Where a channel's broadcasts and presence live: a private channel never shares them with a
 * public channel of the same name, which anybody may join.
 */
export const roomOf = (topic: string, isPrivate: boolean): string =>
  `${isPrivate ? 'private' : 'public'}|${topic}`;

export interface Channel {
  readonly topic: string;
  readonly room: string;
  /** The topic without `realtime:`, as system messages name it. */
  readonly subTopic: string;
  readonly joinRef: string;
  readonly output: ChannelOutput;
  claims: VerifiedClaims;
  token: string;
  readonly bindings: Binding[];
  readonly broadcast: { self: boolean; ack: boolean };
  /** `listening`: told the presence state, so diffs follow (presence.ts). */
  readonly presence: { key: string; enabled: boolean; listening: boolean };
  /** What the channel may do: everything on a public channel, what RLS allows on a private one. */
  access: ChannelAccess;
  expiryTimer: NodeJS.Timeout | null;
}

export class Hub {
  readonly presence: PresenceFanout;
  private readonly byRoom = new Map<string, Set<Channel>>();
  private readonly withChanges = new Set<Channel>();

  constructor(presenceStore: PresenceStore, logger: Logger) {
    this.presence = new PresenceFanout(presenceStore, (room) => this.on(room), logger);
  }

  add(channel: Channel): void {
    let set = this.byRoom.get(channel.room);
    if (!set) {
      set = new Set();
      this.byRoom.set(channel.room, set);
    }
    set.add(channel);
    if (channel.bindings.some((b) => b.active)) this.withChanges.add(channel);
  }

  remove(channel: Channel): void {
    const set = this.byRoom.get(channel.room);
    set?.delete(channel);
    if (set?.size === 0) this.byRoom.delete(channel.room);
    this.withChanges.delete(channel);
  }

  on(room: string): Iterable<Channel> {
    return this.byRoom.get(room) ?? [];
  }

  changeListeners(): Iterable<Channel> {
    return this.withChanges;
  }

  /**
   * Sends a broadcast to every channel of `room` on this process but `except` (the sender,
   * unless it asked for its own messages). Raw bytes go out as a binary frame, which vsn 1.0.0
   * sockets cannot receive.
   */
  broadcast(room: string, event: string, payload: unknown, except: Channel | null): void {
    let text: string | null = null;
    for (const target of this.on(room)) {
      const topic = target.topic;
      if (target === except || !target.access.broadcastRead) continue;
      if (Buffer.isBuffer(payload)) {
        if (target.output.vsn === '2.0.0') {
          target.output.sendBinary(encodeBinaryBroadcast(topic, event, payload));
        }
        continue;
      }
      text ??= JSON.stringify({ type: 'broadcast', event, payload: payload ?? {} });
      target.output.sendText(encodeRaw(null, null, topic, 'broadcast', text, target.output.vsn));
    }
  }

  /**
   * A message of `realtime.messages` (broadcast-feed.ts) to every channel of its topic that may
   * read broadcast, with its id in `meta` as hosted Realtime sends it. Serialised once.
   */
  fromDatabase(
    subTopic: string,
    isPrivate: boolean,
    event: string,
    payload: unknown,
    id: string,
  ): void {
    const topic = `realtime:${subTopic}`;
    let text: string | null = null;
    for (const target of this.on(roomOf(topic, isPrivate))) {
      if (!target.access.broadcastRead) continue;
      text ??= JSON.stringify({ type: 'broadcast', event, payload: payload ?? {}, meta: { id } });
      target.output.sendText(encodeRaw(null, null, topic, 'broadcast', text, target.output.vsn));
    }
  }

  /** Runs the join policies of `userId`'s private channels again, all at once. */
  async reauthorizeUser(userId: string): Promise<void> {
    const checks: Promise<void>[] = [];
    for (const [room, channels] of this.byRoom) {
      if (!room.startsWith('private|')) continue;
      for (const channel of channels) {
        if (channel.claims.sub === userId) checks.push(channel.output.reauthorize(channel));
      }
    }
    await Promise.all(checks);
  }

  hasChannels(): boolean {
    return this.byRoom.size > 0;
  }

  isListening(channel: Channel): boolean {
    return this.withChanges.has(channel);
  }

  hasChangeListeners(): boolean {
    return this.withChanges.size > 0;
  }
}

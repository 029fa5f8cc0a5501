/**
 * The process's registry of joined channels: by topic (broadcast and presence go to every
 * channel of a topic on this process) and the set of channels that listen to
 * `postgres_changes` (what the dispatcher walks for each change).
 */
import type { VerifiedClaims } from '../auth/jwt.ts';
import type { Binding } from './bindings.ts';
import { PresenceRegistry } from './presence.ts';
import { encodeBinaryBroadcast, encodeRaw } from './serializer.ts';
import type { Vsn } from './serializer.ts';

/** What a channel needs from its socket to be written to. */
export interface ChannelOutput {
  readonly vsn: Vsn;
  sendText(text: string): void;
  sendBinary(bytes: Buffer): void;
}

export interface Channel {
  readonly topic: string;
  /** The topic without `realtime:`, as system messages name it. */
  readonly subTopic: string;
  readonly joinRef: string;
  readonly output: ChannelOutput;
  claims: VerifiedClaims;
  token: string;
  readonly bindings: Binding[];
  readonly broadcast: { self: boolean; ack: boolean };
  readonly presence: { key: string; enabled: boolean };
  expiryTimer: NodeJS.Timeout | null;
}

export class Hub {
  readonly presence = new PresenceRegistry();
  private readonly byTopic = new Map<string, Set<Channel>>();
  private readonly withChanges = new Set<Channel>();

  add(channel: Channel): void {
    let set = this.byTopic.get(channel.topic);
    if (!set) {
      set = new Set();
      this.byTopic.set(channel.topic, set);
    }
    set.add(channel);
    if (channel.bindings.some((b) => b.active)) this.withChanges.add(channel);
  }

  remove(channel: Channel): void {
    const set = this.byTopic.get(channel.topic);
    set?.delete(channel);
    if (set?.size === 0) this.byTopic.delete(channel.topic);
    this.withChanges.delete(channel);
  }

  on(topic: string): Iterable<Channel> {
    return this.byTopic.get(topic) ?? [];
  }

  changeListeners(): Iterable<Channel> {
    return this.withChanges;
  }

  /**
   * Sends a broadcast to every channel of `topic` on this process but `except` (the sender,
   * unless it asked for its own messages). Raw bytes go out as a binary frame, which vsn 1.0.0
   * sockets cannot receive.
   */
  broadcast(topic: string, event: string, payload: unknown, except: Channel | null): void {
    let text: string | null = null;
    for (const target of this.on(topic)) {
      if (target === except) continue;
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

  isListening(channel: Channel): boolean {
    return this.withChanges.has(channel);
  }

  hasChangeListeners(): boolean {
    return this.withChanges.size > 0;
  }
}

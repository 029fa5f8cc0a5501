/**
 * One WebSocket: the Phoenix channel protocol as supabase-js 2.119 drives it (wire doc §5).
 * Frames are handled strictly in arrival order (a join must be settled before the next
 * `access_token` or `phx_leave` of the same topic is looked at), and nothing a client sends
 * can end the socket: a frame that cannot be read gets an error reply, like any refused push.
 *
 * Channel ends initiated by the server (token expired or replaced by an invalid one, a second
 * join of the same topic) send `phx_close` with the channel's join_ref, which the client
 * honours as CLOSED; a token problem is first explained in a `system` message.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type WebSocket from 'ws';
import type { JwtService, VerifiedClaims } from '../auth/jwt.ts';
import { boundedTransactions, type BoundedTransaction } from '../db/bounded-transaction.ts';
import type { Db } from '../db/types.ts';
import { hasUnstorableText } from '../http/json-body.ts';
import { BindingsError, checkFilters, parseBindings } from './bindings.ts';
import type { Catalog } from './catalog.ts';
import { PUBLIC_ACCESS, canRead, privateChannelAccess, unauthorized } from './channel-access.ts';
import { roomOf } from './hub.ts';
import { isReservedPresenceKey } from './presence.ts';
import type { Channel, ChannelOutput, Hub } from './hub.ts';
import { FrameError, decodeFrame, encodeFrame } from './serializer.ts';
import type { Frame, Vsn } from './serializer.ts';
import { isApiKeyLike, msUntilExpiry, verifyToken } from './tokens.ts';

export interface SessionLimits {
  /** Joins per second (0: no limit). */
  joinsPerSecond: number;
  /** Other pushes per second, heartbeats aside (0: no limit). */
  messagesPerSecond: number;
  /** Statement timeout of a join's filter check, in milliseconds. */
  checkTimeoutMs: number;
}

export interface SessionDeps {
  hub: Hub;
  catalog: Catalog;
  db: Db;
  jwt: JwtService;
  logger: Logger;
  limits: SessionLimits;
}

/**
 * A token bucket: `perSecond` tokens a second, at most `perSecond` saved up, so a client may
 * burst up to its limit but not keep above it. `perSecond` 0 means no limit.
 */
class Bucket {
  private tokens: number;
  private at = performance.now();

  constructor(private readonly perSecond: number) {
    this.tokens = perSecond;
  }

  take(): boolean {
    if (this.perSecond === 0) return true;
    const now = performance.now();
    this.tokens = Math.min(this.perSecond, this.tokens + ((now - this.at) / 1000) * this.perSecond);
    this.at = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/** Hosted Realtime's reasons, which clients and their logs already know. */
export const TOO_MANY_JOINS = 'ClientJoinRateLimitReached: Too many joins per second';
export const TOO_MANY_MESSAGES = 'Too many messages per second';

/** A socket that cannot keep up is closed rather than buffered without bound. */
const MAX_BUFFERED_BYTES = 64 * 1024 * 1024;
/** Channels one socket may hold at once (hosted Realtime's default `max_channels_per_client`). */
export const MAX_CHANNELS_PER_SOCKET = 100;

type Payload = Record<string, unknown>;

const isObject = (value: unknown): value is Payload =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const UNSTORABLE = 'must not contain NUL characters or unpaired surrogates';

/**
 * What makes a join unreadable before anything is looked up: a topic or presence key the
 * database cannot store (the private-channel check and shared presence write them), or a
 * reserved presence key. Answered as a malformed message, never as a failure of ours.
 */
const joinProblem = (topic: string, config: Payload): string | null => {
  if (hasUnstorableText(topic)) return `topic ${UNSTORABLE}`;
  const key = isObject(config.presence) ? config.presence.key : undefined;
  if (typeof key !== 'string') return null;
  if (hasUnstorableText(key)) return `presence key ${UNSTORABLE}`;
  if (isReservedPresenceKey(key)) return `presence key "${key}" is reserved`;
  return null;
};

export class Session implements ChannelOutput {
  private readonly channels = new Map<string, Channel>();
  private queue: Promise<void> = Promise.resolve();
  private closed = false;
  private readonly joins: Bucket;
  private readonly messages: Bucket;
  /** The filter and channel-access checks, bounded by the limits' timeout. */
  private readonly checks: BoundedTransaction;

  constructor(
    private readonly ws: WebSocket,
    readonly vsn: Vsn,
    private readonly apiKey: string,
    private readonly apiKeyClaims: VerifiedClaims,
    private readonly deps: SessionDeps,
  ) {
    this.joins = new Bucket(deps.limits.joinsPerSecond);
    this.messages = new Bucket(deps.limits.messagesPerSecond);
    this.checks = boundedTransactions(deps.db, deps.limits.checkTimeoutMs);
  }

  receive(data: Buffer, isBinary: boolean): void {
    this.queue = this.queue
      .then(() => this.handleSafely(data, isBinary))
      .catch((error: unknown) => this.deps.logger.error({ err: error }, 'realtime: bad frame'));
  }

  /** A failure of ours (the database, say) is answered like a refusal, never left unanswered. */
  private async handleSafely(data: Buffer, isBinary: boolean): Promise<void> {
    let frame: Frame;
    try {
      frame = decodeFrame(data, isBinary, this.vsn);
    } catch (error) {
      if (!(error instanceof FrameError)) throw error;
      const topic = error.topic ?? 'phoenix';
      const reason = `malformed message: ${error.message}`;
      this.reply({ joinRef: error.joinRef, ref: error.ref, topic }, 'error', { reason });
      return;
    }
    try {
      await this.handle(frame);
    } catch (error) {
      this.deps.logger.error({ err: error, event: frame.event }, 'realtime: frame handling failed');
      if (frame.ref !== null) this.reply(frame, 'error', { reason: 'internal server error' });
    }
  }

  /** Ends every channel without telling the client (its socket is gone or going). */
  dispose(): void {
    this.closed = true;
    for (const channel of [...this.channels.values()]) this.drop(channel);
  }

  sendText(text: string): void {
    if (this.closed || this.ws.readyState !== this.ws.OPEN) return;
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.deps.logger.warn('realtime: closing a socket that does not read its messages');
      this.ws.close(1013, 'too many unread messages');
      this.dispose();
      return;
    }
    this.ws.send(text);
  }

  sendBinary(bytes: Buffer): void {
    if (this.closed || this.ws.readyState !== this.ws.OPEN) return;
    this.ws.send(bytes, { binary: true });
  }

  private send(frame: Frame): void {
    this.sendText(encodeFrame(frame, this.vsn));
  }

  private reply(
    frame: Pick<Frame, 'joinRef' | 'ref' | 'topic'>,
    status: 'ok' | 'error',
    response: Payload,
  ): void {
    this.send({
      joinRef: frame.joinRef,
      ref: frame.ref,
      topic: frame.topic,
      event: 'phx_reply',
      payload: { status, response },
    });
  }

  private async handle(frame: Frame): Promise<void> {
    if (frame.topic === 'phoenix') {
      if (frame.event === 'heartbeat') this.reply(frame, 'ok', {});
      else this.reply(frame, 'error', { reason: 'unmatched topic' });
      return;
    }
    if (frame.event === 'phx_join') {
      if (this.joins.take()) return this.join(frame);
      // As hosted Realtime: the join is refused and the client is disconnected; supabase-js
      // reconnects with backoff and rejoins its channels.
      this.reply(frame, 'error', { reason: TOO_MANY_JOINS });
      this.ws.close(1000, 'ClientJoinRateLimitReached');
      this.dispose();
      return;
    }
    if (!this.messages.take()) {
      // As hosted Realtime: every channel of the socket is shut down with a system message.
      for (const channel of [...this.channels.values()]) this.shutDown(channel, TOO_MANY_MESSAGES);
      if (frame.ref !== null) this.reply(frame, 'error', { reason: TOO_MANY_MESSAGES });
      return;
    }

    const channel = this.channels.get(frame.topic);
    if (!channel) {
      this.reply(frame, 'error', { reason: 'unmatched topic' });
      return;
    }
    switch (frame.event) {
      case 'phx_leave':
        this.reply(frame, 'ok', {});
        this.close(channel);
        return;
      case 'access_token':
        return this.updateToken(channel, frame);
      case 'broadcast':
        return this.broadcast(channel, frame);
      case 'presence':
        return this.presence(channel, frame);
      default:
        this.reply(frame, 'error', { reason: `unknown event "${frame.event}"` });
    }
  }

  private async join(frame: Frame): Promise<void> {
    const payload = frame.payload as Payload;
    const config = payload.config ?? {};
    if (!isObject(config)) {
      this.reply(frame, 'error', { reason: 'malformed message: config must be an object' });
      return;
    }
    const problem = joinProblem(frame.topic, config);
    if (problem) {
      this.reply(frame, 'error', { reason: `malformed message: ${problem}` });
      return;
    }
    let token = this.apiKey;
    let claims = this.apiKeyClaims;
    const accessToken = payload.access_token;
    if (
      typeof accessToken === 'string' &&
      accessToken !== this.apiKey &&
      !isApiKeyLike(accessToken)
    ) {
      const verified = await verifyToken(this.deps.jwt, accessToken);
      if (!verified.ok) {
        this.reply(frame, 'error', { reason: verified.reason });
        return;
      }
      token = accessToken;
      claims = verified.claims;
    }

    let parsed;
    try {
      parsed = parseBindings(config.postgres_changes, this.deps.catalog);
      if (parsed.problems.length > 0) {
        await this.deps.catalog.refreshAfterMiss();
        parsed = parseBindings(config.postgres_changes, this.deps.catalog);
      }
    } catch (error) {
      if (!(error instanceof BindingsError)) throw error;
      this.reply(frame, 'error', { reason: error.reason });
      return;
    }
    await checkFilters(this.checks, this.deps.catalog, parsed);
    const subTopic = frame.topic.replace(/^realtime:/, '');
    const isPrivate = config.private === true;
    const access = isPrivate
      ? await privateChannelAccess(this.checks, claims, subTopic)
      : PUBLIC_ACCESS;
    if (!canRead(access)) {
      this.reply(frame, 'error', { reason: unauthorized(subTopic, 'read from') });
      return;
    }

    if (this.closed) return; // the socket went away while the join was being checked
    // Checked after the last await, so joins sent at once cannot slip past it together.
    if (!this.channels.has(frame.topic) && this.channels.size >= MAX_CHANNELS_PER_SOCKET) {
      this.reply(frame, 'error', { reason: 'ChannelRateLimitReached: Too many channels' });
      return;
    }

    // Phoenix closes an already joined channel of the same topic before the new join.
    const previous = this.channels.get(frame.topic);
    if (previous) this.close(previous);

    const broadcast = isObject(config.broadcast) ? config.broadcast : {};
    const presence = isObject(config.presence) ? config.presence : {};
    const channel: Channel = {
      topic: frame.topic,
      room: roomOf(frame.topic, isPrivate),
      subTopic,
      joinRef: frame.joinRef ?? frame.ref ?? '',
      output: this,
      claims,
      token,
      bindings: parsed.bindings,
      broadcast: { self: broadcast.self === true, ack: broadcast.ack === true },
      presence: {
        // A channel that did not choose a key gets a random one, as on hosted Realtime.
        key: typeof presence.key === 'string' && presence.key !== '' ? presence.key : randomUUID(),
        enabled: presence.enabled === true,
        listening: false,
      },
      access,
      expiryTimer: null,
    };
    this.channels.set(channel.topic, channel);
    this.deps.hub.add(channel);
    this.scheduleExpiry(channel);

    this.reply(frame, 'ok', { postgres_changes: parsed.reply });
    for (const problem of parsed.problems)
      this.system(channel, 'postgres_changes', 'error', problem);
    if (parsed.bindings.some((b) => b.active)) {
      this.system(channel, 'postgres_changes', 'ok', 'Subscribed to PostgreSQL');
    }
    if (channel.presence.enabled && access.presenceRead)
      await this.deps.hub.presence.welcome(channel);
  }

  private async updateToken(channel: Channel, frame: Frame): Promise<void> {
    const token = (frame.payload as Payload).access_token;
    if (typeof token !== 'string' || token === channel.token || isApiKeyLike(token)) return;
    let claims = this.apiKeyClaims;
    if (token !== this.apiKey) {
      const verified = await verifyToken(this.deps.jwt, token);
      if (!this.isCurrent(channel)) return;
      if (!verified.ok) {
        this.shutDown(channel, verified.reason);
        return;
      }
      claims = verified.claims;
    }
    if (channel.room !== roomOf(channel.topic, false)) {
      // As hosted Realtime: a new token (a sign-out's API key too) re-runs the policies.
      const access = await privateChannelAccess(this.checks, claims, channel.subTopic);
      if (!this.isCurrent(channel)) return;
      if (!canRead(access)) {
        this.shutDown(channel, unauthorized(channel.subTopic, 'read from'));
        return;
      }
      channel.access = access;
    }
    this.setClaims(channel, token, claims);
  }

  async reauthorize(channel: Channel): Promise<void> {
    if (!this.isCurrent(channel)) return;
    let access;
    try {
      access = await privateChannelAccess(this.checks, channel.claims, channel.subTopic);
    } catch (error) {
      // Unsure whether it may still read: it reads nothing until it joins again.
      this.deps.logger.warn({ err: error }, 'realtime: re-checking a private channel failed');
      access = null;
    }
    if (!this.isCurrent(channel)) return;
    if (!access || !canRead(access)) {
      this.shutDown(channel, unauthorized(channel.subTopic, 'read from'));
      return;
    }
    channel.access = access;
  }

  private setClaims(channel: Channel, token: string, claims: VerifiedClaims): void {
    channel.token = token;
    channel.claims = claims;
    this.scheduleExpiry(channel);
  }

  private scheduleExpiry(channel: Channel): void {
    if (channel.expiryTimer) clearTimeout(channel.expiryTimer);
    channel.expiryTimer = null;
    const ms = msUntilExpiry(channel.claims);
    if (ms === null) return;
    channel.expiryTimer = setTimeout(() => {
      if (this.isCurrent(channel)) this.shutDown(channel, 'InvalidJWTToken: Token has expired');
    }, ms);
    channel.expiryTimer.unref();
  }

  private broadcast(channel: Channel, frame: Frame): void {
    const payload = frame.payload as Payload;
    if (typeof payload.event !== 'string') {
      this.reply(frame, 'error', { reason: 'malformed message: broadcast needs an event' });
      return;
    }
    if (!channel.access.broadcastWrite) {
      if (frame.ref !== null)
        this.reply(frame, 'error', { reason: unauthorized(channel.subTopic, 'write to') });
      return;
    }
    this.deps.hub.broadcast(
      channel.room,
      payload.event,
      payload.payload,
      channel.broadcast.self ? null : channel,
    );
    if (channel.broadcast.ack) this.reply(frame, 'ok', {});
  }

  private async presence(channel: Channel, frame: Frame): Promise<void> {
    const payload = frame.payload as Payload;
    const presence = this.deps.hub.presence;
    if (payload.event !== 'track' && payload.event !== 'untrack') {
      this.reply(frame, 'error', {
        reason: 'malformed message: presence event must be track or untrack',
      });
      return;
    }
    if (!channel.access.presenceWrite) {
      this.reply(frame, 'error', { reason: unauthorized(channel.subTopic, 'write to') });
      return;
    }
    if (payload.event === 'untrack') {
      await presence.untrack(channel);
      this.reply(frame, 'ok', {});
      return;
    }
    if (!channel.presence.enabled) {
      // The client tracks only after presence_state, so a late enabler needs it now.
      channel.presence.enabled = true;
      if (channel.access.presenceRead) await presence.welcome(channel);
    }
    const meta = isObject(payload.payload) ? payload.payload : {};
    if (hasUnstorableText(meta)) {
      // Shared presence keeps metas as jsonb, which cannot hold them: refuse, as for topics.
      this.reply(frame, 'error', { reason: `malformed message: presence ${UNSTORABLE}` });
      return;
    }
    await presence.track(channel, meta);
    this.reply(frame, 'ok', {});
  }

  private toChannel(channel: Channel, event: string, payload: unknown): void {
    this.send({ joinRef: channel.joinRef, ref: null, topic: channel.topic, event, payload });
  }

  private system(
    channel: Channel,
    extension: string,
    status: 'ok' | 'error',
    message: string,
  ): void {
    this.toChannel(channel, 'system', { channel: channel.subTopic, extension, message, status });
  }

  private isCurrent(channel: Channel): boolean {
    return !this.closed && this.channels.get(channel.topic) === channel;
  }

  /** Ends a channel on the server's initiative, the way hosted Realtime does. */
  private shutDown(channel: Channel, reason: string): void {
    this.system(channel, 'system', 'error', reason);
    this.close(channel);
  }

  /** Ends a channel and tells the client with `phx_close` (ref = join_ref). */
  private close(channel: Channel): void {
    this.drop(channel);
    this.send({
      joinRef: channel.joinRef,
      ref: channel.joinRef,
      topic: channel.topic,
      event: 'phx_close',
      payload: {},
    });
  }

  private drop(channel: Channel): void {
    if (this.channels.get(channel.topic) === channel) this.channels.delete(channel.topic);
    this.deps.hub.remove(channel);
    if (channel.expiryTimer) clearTimeout(channel.expiryTimer);
    channel.expiryTimer = null;
    // Everyone else hears of the leave; a failure is the store's to log (it heals by TTL).
    this.deps.hub.presence.untrack(channel).catch((error: unknown) => {
      this.deps.logger.warn({ err: error }, 'realtime: presence untrack failed');
    });
  }
}

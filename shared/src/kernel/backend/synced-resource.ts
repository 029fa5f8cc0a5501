// A resource the server owns and a store shows: loaded once, then kept current by its realtime
// channel. Every store that reads from the server is live the same way, written once here:
// - Load, then follow: the channel is joined first; changes that arrive while a load is on its
//   way are held and handed over with its answer, in the server's order, so nothing committed
//   in between is lost. After that each change is handed over as it comes.
// - Resync after a gap: any channel status other than SUBSCRIBED means changes may have been
//   missed; the next SUBSCRIBED (supabase-js rejoins after the socket reconnects) loads again.
//   A channel whose messages are numbered reports a skipped number as a gap: it loads at once.
//   A load that fails keeps the gap, so the join after it tries again.
// - The latest answer only: a load supersedes every earlier one, and stop() voids all that are
//   still on their way, so a slow answer never overwrites a newer one or a later resource.
// - Status: 'loading' until the first answer, 'ready' from then on (a failed reload keeps what
//   is shown), 'error' when there is nothing to show; 'idle' before start and after stop.
import type { Observable, Subscription } from 'rxjs';
import { isNetworkError } from './api-error';
import type { ChannelStatus, Connection } from './connection';

export type SyncStatus = 'idle' | 'loading' | 'ready' | 'error';

/**
 * What a resource's channel reports: a change, in the server's order, its status, or a gap (a
 * message it knows it missed while joined).
 */
export type LiveEvent<Change> =
  { kind: 'change'; change: Change } | { kind: 'status'; status: ChannelStatus } | { kind: 'gap' };

/**
 * Which answers still count. `latest()` is for a load (each one voids the earlier ones),
 * `current()` for a request that counts until the next `reset()` (a write, an older page).
 */
export class AnswerGuard {
  private epoch = 0;
  private serial = 0;

  /** Bumped by every reset: what an answer was asked under. */
  get generation(): number {
    return this.epoch;
  }

  /** Voids every answer still on its way. */
  reset(): void {
    this.epoch += 1;
  }

  /** For a request whose answer counts until the next reset; call the result on its answer. */
  current(): () => boolean {
    const epoch = this.epoch;
    return () => epoch === this.epoch;
  }

  /** For a load: its answer counts unless a newer load or a reset came meanwhile. */
  latest(): () => boolean {
    const epoch = this.epoch;
    this.serial += 1;
    const serial = this.serial;
    return () => epoch === this.epoch && serial === this.serial;
  }
}

export interface SyncedResourceSpec<Answer, Change> {
  load(): Promise<Answer>;
  /** The channel; without it the resource is loaded on demand only. */
  live?(): Observable<LiveEvent<Change>>;
  /** The latest load's answer, and the changes that arrived while it was on its way. */
  loaded(answer: Answer, held: readonly Change[]): void;
  /** A change that arrived with no load on its way. */
  changed?(change: Change): void;
  /** The latest load failed: 'ready' while an earlier answer is still shown, else 'error'. */
  failed?(status: 'ready' | 'error', error: unknown): void;
  /** Loads again on every join, the first too, instead of after a gap only. */
  loadOnEveryJoin?: boolean;
  /** The page's connection, told what the channel and the loads saw (connection.ts). */
  connection?: Connection;
}

export class SyncedResource<Answer, Change = never> {
  private readonly answers = new AnswerGuard();
  private live: Subscription | null = null;
  /** Changes that arrive while a load is on its way; null when none is. */
  private held: Change[] | null = null;
  /** The channel lost its connection since the last join; the next join loads again. */
  private hadGap = false;
  private soon: ReturnType<typeof setTimeout> | null = null;
  private current: SyncStatus = 'idle';

  constructor(private readonly spec: SyncedResourceSpec<Answer, Change>) {}

  get status(): SyncStatus {
    return this.current;
  }

  /** Joins the channel and loads. */
  start(): void {
    this.stop();
    this.current = 'loading';
    this.live = this.spec.live?.().subscribe((event) => this.heard(event)) ?? null;
    // A channel that joins as it is subscribed to may have started the load already.
    if (!this.held) void this.reload();
  }

  /** Leaves the channel; answers still on their way are dropped. */
  stop(): void {
    this.answers.reset();
    this.live?.unsubscribe();
    this.live = null;
    this.held = null;
    this.hadGap = false;
    if (this.soon) clearTimeout(this.soon);
    this.soon = null;
    this.current = 'idle';
  }

  /** Loads again (a retry, a change that cannot be applied where it arrives). */
  async reload(): Promise<void> {
    if (this.current === 'error' || this.current === 'idle') this.current = 'loading';
    const isLatest = this.answers.latest();
    this.held = [];
    const sentAt = this.spec.connection?.sending() ?? 0;
    try {
      const answer = await this.spec.load();
      this.spec.connection?.answered(sentAt);
      if (!isLatest()) return;
      const held = this.held ?? [];
      this.held = null;
      this.current = 'ready';
      this.spec.loaded(answer, held);
    } catch (error) {
      if (isNetworkError(error)) this.spec.connection?.unreachable();
      else this.spec.connection?.answered(sentAt);
      if (!isLatest()) return;
      this.held = null;
      this.hadGap = true;
      const status = this.current === 'ready' ? 'ready' : 'error';
      this.current = status;
      this.spec.failed?.(status, error);
    }
  }

  /** Loads again once `ms` have passed without another call: a burst costs one load. */
  reloadSoon(ms: number): void {
    if (this.soon) clearTimeout(this.soon);
    this.soon = setTimeout(() => {
      this.soon = null;
      void this.reload();
    }, ms);
  }

  private heard(event: LiveEvent<Change>): void {
    if (event.kind === 'change') {
      if (this.held) this.held.push(event.change);
      else this.spec.changed?.(event.change);
      return;
    }
    if (event.kind === 'gap') {
      void this.reload();
      return;
    }
    this.spec.connection?.channelStatus(event.status);
    if (event.status !== 'SUBSCRIBED') this.hadGap = true;
    else if (this.hadGap || this.spec.loadOnEveryJoin) {
      this.hadGap = false;
      void this.reload();
    }
  }
}

// The history of one board or card as the views show it: newest first, the first page on
// open, older pages appended on demand, new entries prepended as realtime delivers them.
//
// Entries are immutable but for one thing, so merging is a union by id, ordered as the server
// orders them (created_at desc, id desc); a live entry that also arrives in a page, or twice,
// is held once. The one thing: a comment's deletion takes its words out of its earlier
// entries, here as on the server.
//
// After every (re)join of the channel the newest page is read again and merged, which closes
// the gap between the first read and the subscription, and any gap of a dropped
// connection (a synced resource, kernel/backend/synced-resource.ts).
import { map, type Observable } from 'rxjs';
import { createStateCell, type StateCell } from '../../kernel/state/state-cell';
import { AnswerGuard, SyncedResource, type LiveEvent } from '../../kernel/backend/synced-resource';
import type { ActivityChannelEvent } from './activity-api';
import {
  ACTIVITY_PAGE_SIZE,
  type ActivityCursor,
  type ActivityEntry,
  type ActivityScope,
} from './activity-types';

export interface ActivityGateway {
  fetchPage(scope: ActivityScope, before: ActivityCursor | null): Promise<ActivityEntry[]>;
  inserts(scope: ActivityScope): Observable<ActivityChannelEvent>;
}

export interface ActivityState {
  /** 'loading' until the first page is in; 'error' when it could not be read. */
  status: 'loading' | 'ready' | 'error';
  /** Newest first. */
  entries: ActivityEntry[];
  /** Whether older entries may exist (the last page was full). */
  hasMore: boolean;
  loadingMore: boolean;
  /** Reading an older page failed; loadMore() tries again. */
  moreFailed: boolean;
}

const initialState: ActivityState = {
  status: 'loading',
  entries: [],
  hasMore: false,
  loadingMore: false,
  moreFailed: false,
};

/** Microseconds since the epoch: PostgreSQL's precision, which Date.parse cuts to ms. */
const micros = (iso: string): number => {
  const fraction = /\.(\d+)/.exec(iso)?.[1] ?? '';
  return Date.parse(iso) * 1000 + Number(fraction.padEnd(6, '0').slice(3, 6));
};

const newestFirst = (a: ActivityEntry, b: ActivityEntry): number =>
  micros(b.created_at) - micros(a.created_at) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** A comment entry's data names its comment; the entries of one comment share it. */
const commentOf = (entry: ActivityEntry): unknown =>
  (entry.data as Record<string, unknown> | null)?.comment_id;

/**
 * The server takes a deleted comment's words out of its earlier entries
 * (supabase/schemas/81_history_forgets_deleted_texts.sql), but an open view holds them as they
 * were read; the 'comment_removed' entry that arrives live is the cue to drop them here too.
 */
const forgetDeletedComments = (entries: ActivityEntry[]): ActivityEntry[] => {
  const removed = new Set(entries.filter((e) => e.kind === 'comment_removed').map(commentOf));
  if (removed.size === 0) return entries;
  return entries.map((entry) => {
    const data = entry.data as Record<string, unknown> | null;
    if (!data || !removed.has(data.comment_id) || !('before' in data || 'after' in data)) {
      return entry;
    }
    const { before: _before, after: _after, ...rest } = data;
    return { ...entry, data: { ...rest, text_removed: true } };
  });
};

const merge = (held: ActivityEntry[], incoming: ActivityEntry[]): ActivityEntry[] => {
  const known = new Set(held.map((e) => e.id));
  const fresh = incoming.filter((e) => !known.has(e.id));
  return fresh.length === 0 ? held : forgetDeletedComments([...held, ...fresh].sort(newestFirst));
};

const cursorOf = (entries: ActivityEntry[]): ActivityCursor | null => {
  const oldest = entries.at(-1);
  return oldest ? { createdAt: oldest.created_at, id: oldest.id } : null;
};

export class ActivityFeedStore {
  private readonly cell: StateCell<ActivityState> = createStateCell(initialState);
  /** The newest page and the live entries; older pages are read by loadMore. */
  private readonly resource: SyncedResource<ActivityEntry[], ActivityEntry>;
  /** Reset on stop: older pages asked for earlier are dropped. */
  private readonly answers = new AnswerGuard();

  constructor(
    private readonly scope: ActivityScope,
    private readonly gateway: ActivityGateway,
  ) {
    this.resource = new SyncedResource({
      load: () => this.gateway.fetchPage(this.scope, null),
      live: () =>
        this.gateway
          .inserts(this.scope)
          .pipe(
            map((event): LiveEvent<ActivityEntry> =>
              event.kind === 'insert' ? { kind: 'change', change: event.entry } : event,
            ),
          ),
      // Entries are immutable, so one read after every join closes any gap, the first too.
      loadOnEveryJoin: true,
      loaded: (page, held) =>
        this.cell.update((s) => ({
          ...s,
          status: 'ready',
          entries: merge(s.entries, [...page, ...held.filter((e) => this.matches(e))]),
          // A refresh after a reconnect must not forget that older pages exist.
          hasMore: s.status === 'ready' ? s.hasMore : page.length >= ACTIVITY_PAGE_SIZE,
        })),
      changed: (entry) => {
        if (this.matches(entry)) {
          this.cell.update((s) => ({ ...s, entries: merge(s.entries, [entry]) }));
        }
      },
      failed: (status) => this.cell.update((s) => ({ ...s, status })),
    });
  }

  readonly getState = (): ActivityState => this.cell.get();
  readonly subscribe = (listener: () => void): (() => void) => this.cell.subscribe(listener);

  /** Reads the first page and follows new entries; returns the teardown. */
  readonly start = (): (() => void) => {
    this.resource.start();
    return () => {
      this.answers.reset();
      this.resource.stop();
    };
  };

  /** Appends the next older page; nothing while one is loading or when none is left. */
  readonly loadMore = async (): Promise<void> => {
    const state = this.cell.get();
    if (state.status !== 'ready' || !state.hasMore || state.loadingMore) return;
    const current = this.answers.current();
    this.cell.update((s) => ({ ...s, loadingMore: true, moreFailed: false }));
    try {
      const page = await this.gateway.fetchPage(this.scope, cursorOf(state.entries));
      if (!current()) return;
      this.cell.update((s) => ({
        ...s,
        entries: merge(s.entries, page),
        hasMore: page.length >= ACTIVITY_PAGE_SIZE,
        loadingMore: false,
      }));
    } catch {
      if (!current()) return;
      this.cell.update((s) => ({ ...s, loadingMore: false, moreFailed: true }));
    }
  };

  /** After a failed first page: read it again. */
  readonly retry = (): void => {
    this.cell.update((s) => ({ ...s, status: 'loading' }));
    void this.resource.reload();
  };

  private matches(entry: ActivityEntry): boolean {
    return this.scope.cardId
      ? entry.card_id === this.scope.cardId
      : entry.board_id === this.scope.boardId;
  }
}

// The bell: the signed-in user's newest notifications and their unread count, kept current.
//
// - Live over the user's private topic `user:<user id>` (kernel/backend/user-channel.ts): the
//   database sends each new notification there as it commits (private.send_to_user), so the
//   bell needs no query per change. A gap in the channel loads again (synced-resource.ts).
// - Own intent first: marking read is shown at once and sent; a refusal loads the server's state
//   again and says so.
// - Small on purpose: the bell is on the first screen, so this module only counts and lists;
//   the panel that words the entries loads when opened.
import { filter, map, type Observable } from 'rxjs';
import { createStateCell, type StateCell } from '../../kernel/state/state-cell';
import { SyncedResource, type LiveEvent } from '../../kernel/backend/synced-resource';
import type { UserChannelEvent } from '../../kernel/backend/user-channel';
import {
  NOTIFICATIONS_SHOWN,
  type AppNotification,
  type NotificationsPage,
} from './notifications-api';

export interface NotificationsState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  items: readonly AppNotification[];
  unread: number;
}

export interface NotificationsGateway {
  fetchNotifications(): Promise<NotificationsPage>;
  markNotificationsRead(ids: readonly string[]): Promise<void>;
  markAllNotificationsRead(): Promise<void>;
  events(userId: string): Observable<UserChannelEvent>;
}

/** The event the database sends a new notification with (supabase/schemas/96_notifications.sql). */
export const NOTIFICATION_EVENT = 'notification';

const initial: NotificationsState = { status: 'idle', items: [], unread: 0 };

export class NotificationsStore {
  private readonly cell: StateCell<NotificationsState> = createStateCell(initial);
  private userId: string | null = null;
  private readonly resource: SyncedResource<NotificationsPage, AppNotification>;

  constructor(
    private readonly gateway: NotificationsGateway,
    private readonly onError: (error: unknown) => void = () => {},
  ) {
    this.resource = new SyncedResource<NotificationsPage, AppNotification>({
      load: () => this.gateway.fetchNotifications(),
      live: () =>
        this.gateway.events(this.userId ?? '').pipe(
          filter((event) => event.kind === 'status' || event.event === NOTIFICATION_EVENT),
          map((event): LiveEvent<AppNotification> =>
            event.kind === 'status'
              ? event
              : { kind: 'change', change: event.payload as unknown as AppNotification },
          ),
        ),
      loaded: (page, held) => {
        this.cell.set({ status: 'ready', items: page.items, unread: page.unread });
        for (const item of held) this.add(item);
      },
      changed: (item) => this.add(item),
      failed: (status) => this.cell.update((s) => ({ ...s, status })),
    });
  }

  readonly getState = (): NotificationsState => this.cell.get();
  readonly subscribe = (listener: () => void): (() => void) => this.cell.subscribe(listener);

  start(userId: string): void {
    this.userId = userId;
    this.cell.set({ ...initial, status: 'loading' });
    this.resource.start();
  }

  stop(): void {
    this.resource.stop();
    this.userId = null;
    this.cell.set(initial);
  }

  /** Marks one read (or all, without an id): shown at once, loaded again if refused. */
  async markRead(id?: string): Promise<void> {
    const before = this.cell.get();
    const now = new Date().toISOString();
    const targets = before.items.filter((n) => !n.read_at && (id === undefined || n.id === id));
    if (id !== undefined && targets.length === 0) return;
    this.cell.set({
      ...before,
      items: before.items.map((n) => (targets.includes(n) ? { ...n, read_at: now } : n)),
      unread: id === undefined ? 0 : Math.max(0, before.unread - targets.length),
    });
    try {
      if (id === undefined) await this.gateway.markAllNotificationsRead();
      else await this.gateway.markNotificationsRead([id]);
    } catch (error) {
      this.onError(error);
      void this.resource.reload();
    }
  }

  /** A notification heard on the channel, once (a resync may bring it again). */
  private add(item: AppNotification): void {
    this.cell.update((s) => {
      if (s.items.some((n) => n.id === item.id)) return s;
      return {
        ...s,
        items: [item, ...s.items].slice(0, NOTIFICATIONS_SHOWN),
        unread: s.unread + (item.read_at ? 0 : 1),
      };
    });
  }
}

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as Shared from '@taskflow/shared';
import type { AppNotification } from '@taskflow/shared';
import { Subject } from 'rxjs';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The real store and hook over a gateway this file controls, and the user's channel as a subject.
type Event =
  | { kind: 'message'; event: string; payload: Record<string, unknown> }
  | { kind: 'status'; status: 'SUBSCRIBED' };
const gateway = vi.hoisted(() => ({
  items: [] as AppNotification[],
  unread: 0,
  marked: [] as (readonly string[] | 'all')[],
}));
const events = new Subject<Event>();
const { store } = await vi.hoisted(async () => {
  const testing = await import('@taskflow/shared/testing');
  return {
    store: new testing.NotificationsStore({
      fetchNotifications: async () => ({ items: gateway.items, unread: gateway.unread }),
      markNotificationsRead: async (ids) => void gateway.marked.push(ids),
      markAllNotificationsRead: async () => void gateway.marked.push('all'),
      events: () => events.asObservable(),
    }),
  };
});

vi.mock('@taskflow/shared', async (importOriginal) => {
  const actual = await importOriginal<typeof Shared>();
  return { ...actual, useNotifications: actual.createUseNotifications(store) };
});

const { NotificationBell } =
  await import('../src/features/notifications/components/notification-bell');

const notification = (over: Partial<AppNotification> & { id: string }): AppNotification => ({
  kind: 'mentioned',
  actor_id: 'u2',
  board_id: 'b1',
  card_id: 'c1',
  comment_id: null,
  created_at: '2026-11-25T10:00:00Z',
  read_at: null,
  data: { actor_name: 'Max Mustermann', card_title: 'Startseite neu gestalten' },
  ...over,
});

const renderBell = async (items: AppNotification[]) => {
  gateway.items = items;
  gateway.unread = items.filter((n) => !n.read_at).length;
  gateway.marked = [];
  store.stop();
  store.start('u1');
  const onOpen = vi.fn();
  render(<NotificationBell onOpen={onOpen} />);
  return { onOpen };
};

beforeEach(() => {
  store.stop();
});

describe('the bell', () => {
  it('counts the unread, names the count for screen readers, and follows the live channel', async () => {
    await renderBell([
      notification({ id: 'n1' }),
      notification({ id: 'n0', read_at: '2026-11-25T11:00:00Z' }),
    ]);
    expect(
      await screen.findByRole('button', { name: 'Benachrichtigungen, 1 ungelesen' }),
    ).toBeTruthy();
    events.next({
      kind: 'message',
      event: 'notification',
      payload: notification({ id: 'n2', kind: 'assigned' }) as unknown as Record<string, unknown>,
    });
    expect(
      await screen.findByRole('button', { name: 'Benachrichtigungen, 2 ungelesen' }),
    ).toBeTruthy();
    // The same notification twice (a resync) counts once.
    events.next({
      kind: 'message',
      event: 'notification',
      payload: notification({ id: 'n2', kind: 'assigned' }) as unknown as Record<string, unknown>,
    });
    expect(screen.getByTestId('notifications-badge').textContent).toBe('2');
  });

  it('opens a panel of German sentences; a click opens the card and marks it read', async () => {
    const user = userEvent.setup();
    const { onOpen } = await renderBell([
      notification({ id: 'n1' }),
      notification({
        id: 'n2',
        kind: 'moved',
        card_id: 'c2',
        data: { actor_name: 'Erika Muster', card_title: 'Logo', to_list_title: 'Erledigt' },
      }),
    ]);
    await user.click(
      await screen.findByRole('button', { name: 'Benachrichtigungen, 2 ungelesen' }),
    );
    const panel = await screen.findByRole('dialog', { name: 'Benachrichtigungen' });
    expect(
      within(panel).getByText('Max Mustermann hat Sie in „Startseite neu gestalten“ erwähnt'),
    ).toBeTruthy();
    expect(
      within(panel).getByText('Erika Muster hat „Logo“ nach „Erledigt“ verschoben'),
    ).toBeTruthy();
    await user.click(
      within(panel).getByText('Max Mustermann hat Sie in „Startseite neu gestalten“ erwähnt'),
    );
    expect(onOpen).toHaveBeenCalledWith('b1', 'c1');
    expect(gateway.marked).toEqual([['n1']]);
    expect(screen.getByRole('button', { name: 'Benachrichtigungen, 1 ungelesen' })).toBeTruthy();
  });

  it('marks one read by its own button, or all at once, by keyboard', async () => {
    const user = userEvent.setup();
    await renderBell([notification({ id: 'n1' }), notification({ id: 'n2', kind: 'commented' })]);
    (await screen.findByRole('button', { name: 'Benachrichtigungen, 2 ungelesen' })).focus();
    await user.keyboard('{Enter}');
    const panel = await screen.findByRole('dialog', { name: 'Benachrichtigungen' });
    await user.click(
      within(panel).getByRole('button', {
        name: 'Als gelesen markieren: Max Mustermann hat „Startseite neu gestalten“ kommentiert',
      }),
    );
    expect(gateway.marked).toEqual([['n2']]);
    await user.click(within(panel).getByRole('button', { name: 'Alle als gelesen markieren' }));
    expect(gateway.marked).toEqual([['n2'], 'all']);
    expect(screen.getByRole('button', { name: 'Benachrichtigungen' })).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Alle als gelesen markieren' })).toBeNull();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Benachrichtigungen' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Benachrichtigungen' }));
  });
});

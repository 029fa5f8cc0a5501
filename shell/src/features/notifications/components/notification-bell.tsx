import { Button, StrokeIcon, t, useNotifications } from '@taskflow/shared';
import { useState } from 'react';
import { lazyView } from '../../loading/lazy-view';

// The panel loads when first opened (features/loading/lazy-view.tsx): only the button and its
// count are in the first load.
const NotificationsPanel = lazyView(() => import('./notifications-panel'), 'NotificationsPanel');

const BellIcon = () => (
  <StrokeIcon>
    <path
      d="M5 8a5 5 0 0 1 10 0c0 4 1.5 5.5 2 6H3c.5-.5 2-2 2-6Zm3 8a2 2 0 0 0 4 0"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </StrokeIcon>
);

export interface NotificationBellProps {
  /** Opens what a notification is about: the card on its board, else the board. */
  onOpen: (boardId: string, cardId: string | null) => void;
}

/** 'Benachrichtigungen' in the top bar: the unread count, live; the panel opens on a click. */
export const NotificationBell = ({ onOpen }: NotificationBellProps) => {
  const notifications = useNotifications();
  const [open, setOpen] = useState(false);
  const { unread } = notifications;
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        className="relative shrink-0"
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={() => setOpen((o) => !o)}
        // The badge is a number only; the name says what it counts.
        aria-label={
          unread > 0
            ? t('notifications.openWithUnread', { count: unread })
            : t('notifications.open')
        }
        title={t('notifications.open')}
      >
        <BellIcon />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            data-testid="notifications-badge"
            className="min-w-5 rounded-full bg-rose-600 px-1.5 text-center text-xs font-semibold text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </Button>
      {open ? (
        <NotificationsPanel
          notifications={notifications}
          onOpen={(boardId, cardId) => {
            setOpen(false);
            onOpen(boardId, cardId);
          }}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
};

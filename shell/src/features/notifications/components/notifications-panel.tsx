import { t, type AppNotification, type NotificationsView } from '@taskflow/shared';
import { useEffect, useRef } from 'react';

const text = (value: unknown, fallback: string) =>
  typeof value === 'string' && value !== '' ? value : fallback;

const germanDate = (value: unknown) =>
  typeof value === 'string'
    ? new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeZone: 'UTC' }).format(
        new Date(`${value.slice(0, 10)}T00:00:00Z`),
      )
    : '';

/** The German sentence of a notification, e.g. 'Max Mustermann hat Sie in „…“ erwähnt'. */
export const notificationSentence = (n: AppNotification): string => {
  const params = {
    actor: text(n.data.actor_name, t('notifications.someone')),
    card: text(n.data.card_title, t('notifications.aCard')),
    board: text(n.data.board_title, ''),
    subtask: text(n.data.subtask_text, ''),
    list: text(n.data.to_list_title, ''),
    date: germanDate(n.data.due_date),
  };
  switch (n.kind) {
    case 'mentioned':
    case 'assigned':
    case 'subtask_assigned':
    case 'commented':
    case 'moved':
    case 'due':
    case 'added_to_board':
    case 'invited_to_board':
      return t(`notifications.kinds.${n.kind}`, params);
    case 'due_date_changed':
      return n.data.due_date
        ? t('notifications.kinds.due_date_changed', params)
        : t('notifications.kinds.due_date_removed', params);
    default:
      return t('notifications.kinds.other', params);
  }
};

const when = (iso: string) =>
  new Intl.DateTimeFormat('de-DE', { dateStyle: 'short', timeStyle: 'short' }).format(
    new Date(iso),
  );

export interface NotificationsPanelProps {
  notifications: NotificationsView;
  onOpen: (boardId: string, cardId: string | null) => void;
  onClose: () => void;
}

/**
 * The bell's panel: newest first, unread marked; a click opens the card (and marks it read),
 * each entry can be marked read alone, or all at once. A dialog beside the page (not modal):
 * Escape or the X closes it and focus returns to the bell.
 */
export const NotificationsPanel = ({ notifications, onOpen, onClose }: NotificationsPanelProps) => {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    heading.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      opener?.focus?.();
    };
  }, [onClose]);

  const { items, status, unread } = notifications;
  return (
    <section
      role="dialog"
      aria-labelledby="notifications-title"
      className="fixed inset-x-2 top-14 z-40 flex max-h-[70vh] flex-col rounded-xl border border-slate-200 bg-white text-slate-800 shadow-2xl sm:right-4 sm:left-auto sm:w-96"
    >
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
        <h2
          id="notifications-title"
          ref={heading}
          tabIndex={-1}
          className="text-base font-semibold outline-none"
        >
          {t('notifications.panelTitle')}
        </h2>
        <div className="flex items-center gap-1">
          {unread > 0 ? (
            <button
              type="button"
              onClick={notifications.markAllRead}
              className="rounded-lg px-2 py-1 text-sm font-medium text-indigo-700 hover:bg-indigo-50"
            >
              {t('notifications.markAllRead')}
            </button>
          ) : null}
          <button
            type="button"
            onClick={onClose}
            aria-label={t('notifications.close')}
            className="rounded-lg px-2 py-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
          >
            ×
          </button>
        </div>
      </div>
      <div className="overflow-y-auto overscroll-contain">
        {status === 'loading' ? (
          <p className="px-4 py-6 text-sm text-slate-500">{t('notifications.loading')}</p>
        ) : status === 'error' ? (
          <p role="alert" className="px-4 py-6 text-sm text-rose-700">
            {t('notifications.loadError')}
          </p>
        ) : items.length === 0 ? (
          <p className="px-4 py-6 text-sm text-slate-500">{t('notifications.empty')}</p>
        ) : (
          <ul aria-label={t('notifications.panelTitle')} className="divide-y divide-slate-100">
            {items.map((n) => {
              const sentence = notificationSentence(n);
              return (
                <li
                  key={n.id}
                  className={`flex items-start gap-2 px-3 py-2 ${n.read_at ? '' : 'bg-indigo-50/60'}`}
                >
                  <button
                    type="button"
                    className="min-w-0 flex-1 rounded-lg px-1 py-1 text-left text-sm hover:bg-slate-100"
                    onClick={() => {
                      if (!n.read_at) notifications.markRead(n.id);
                      if (n.board_id) onOpen(n.board_id, n.card_id);
                    }}
                  >
                    {n.read_at ? null : (
                      <span className="sr-only">{t('notifications.unread')}: </span>
                    )}
                    <span className={n.read_at ? '' : 'font-semibold'}>{sentence}</span>
                    <span className="block text-xs text-slate-500">{when(n.created_at)}</span>
                  </button>
                  {n.read_at ? null : (
                    <button
                      type="button"
                      onClick={() => notifications.markRead(n.id)}
                      aria-label={`${t('notifications.markRead')}: ${sentence}`}
                      title={t('notifications.markRead')}
                      className="mt-1 flex h-8 w-8 shrink-0 items-center justify-center rounded-full hover:bg-slate-100"
                    >
                      <span aria-hidden="true" className="h-2.5 w-2.5 rounded-full bg-indigo-600" />
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
};

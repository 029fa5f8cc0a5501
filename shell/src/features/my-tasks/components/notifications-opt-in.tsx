import {
  Checkbox,
  disableSystemNotifications,
  enableSystemNotifications,
  t,
  useSystemNotifications,
} from '@taskflow/shared';
import { useId } from 'react';

/**
 * The offer to show reminders as system notifications too. The browser asks for permission
 * only when the box is ticked (a prompt nobody asked for is what browsers learn to block).
 */
export const NotificationsOptIn = () => {
  const { permission, optedIn } = useSystemNotifications();
  const id = useId();
  if (permission === 'unsupported') return null;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="flex items-center gap-2 text-sm text-slate-700">
        <Checkbox
          id={id}
          checked={optedIn && permission === 'granted'}
          disabled={permission === 'denied'}
          onChange={(event) =>
            event.target.checked ? void enableSystemNotifications() : disableSystemNotifications()
          }
        />
        {t('myTasks.systemNotifications')}
      </label>
      {permission === 'denied' ? (
        <p className="text-xs text-slate-500">{t('myTasks.systemNotificationsDenied')}</p>
      ) : null}
    </div>
  );
};

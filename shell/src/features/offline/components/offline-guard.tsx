import { boardStore, type EditConflict } from '@taskflow/shared';
import { useEffect, useSyncExternalStore } from 'react';
import { lazyView } from '../../loading/lazy-view';

// Its own chunk, but preloaded with the page (it is not in shell/vite.config.ts's
// onDemandPaths): a conflict shows as the connection comes back, and fetched only then the
// dialog did not appear in e2e/offline.test.ts (React.lazy keeps an import that failed).
const EditConflictDialog = lazyView(() => import('./edit-conflict-dialog'), 'EditConflictDialog');

const conflictNow = (): EditConflict | null => boardStore.conflicts.get();

/**
 * The page's side of the board's outbox: closing the tab while edits wait asks first (they are
 * kept on the device, but the browser may clear it, and the user may not come back), and a
 * waiting edit that met a newer change by someone else asks which value stays.
 */
export const OfflineGuard = () => {
  useEffect(() => {
    const ask = (event: BeforeUnloadEvent) => {
      if (!boardStore.hasUnsent) return;
      event.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, []);
  const conflict = useSyncExternalStore(boardStore.conflicts.subscribe, conflictNow);
  if (!conflict) return null;
  const members = boardStore.getState().data?.members ?? [];
  const member = conflict.by ? members.find((m) => m.user_id === conflict.by) : undefined;
  return (
    <EditConflictDialog
      conflict={conflict}
      name={member?.profile?.full_name || null}
      onKeepMine={() => boardStore.conflicts.choose('mine')}
      onKeepTheirs={() => boardStore.conflicts.choose('theirs')}
    />
  );
};

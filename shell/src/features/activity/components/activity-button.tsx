import { t, type BoardData } from '@taskflow/shared';
import { useState } from 'react';
import { lazyView } from '../../loading/lazy-view';

// The panel loads when first opened (features/loading/lazy-view.tsx).
const ActivityPanel = lazyView(() => import('./activity-panel'), 'ActivityPanel');

/** The header's 'Aktivität' button and the panel it opens. */
export const ActivityButton = ({ data, className }: { data: BoardData; className: string }) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        className={className}
      >
        {t('activity.open')}
      </button>
      {open ? <ActivityPanel data={data} onClose={() => setOpen(false)} /> : null}
    </>
  );
};

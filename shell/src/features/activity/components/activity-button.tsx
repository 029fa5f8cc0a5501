import { t, type BoardData } from '@taskflow/shared';
import { Suspense, useState } from 'react';
import { lazyExport } from '../../loading/lazy-export';

// The panel loads when first opened (features/loading/lazy-export.ts).
const ActivityPanel = lazyExport(() => import('./activity-panel'), 'ActivityPanel');

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
      {open ? (
        <Suspense fallback={null}>
          <ActivityPanel data={data} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
};

import {
  ActivityFeed,
  memberNames,
  selectMemberProfiles,
  t,
  useActivity,
  type BoardData,
} from '@taskflow/shared';
import { useEffect } from 'react';

/**
 * The board's history beside the board: a side panel, not a modal, so the board stays usable
 * while the entries of the others' changes come in. Escape or the X closes it.
 */
export const ActivityPanel = ({ data, onClose }: { data: BoardData; onClose: () => void }) => {
  const feed = useActivity({ boardId: data.board.id });

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // A card opened over the board takes its own Escape first.
      if (event.key === 'Escape' && !document.querySelector('[role="dialog"]')) onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <aside
      aria-label={t('activity.panelTitle')}
      className="fixed inset-y-0 right-0 z-40 flex w-full max-w-sm flex-col border-l border-slate-200 bg-white text-slate-800 shadow-2xl"
    >
      <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
        <h2 className="text-base font-semibold">{t('activity.panelTitle')}</h2>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('activity.close')}
          className="rounded-lg px-2 py-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
        >
          ×
        </button>
      </div>
      {/* Focusable, so that the keyboard can scroll it (its entries have no control to focus). */}
      <div
        role="region"
        aria-label={t('activity.panelTitle')}
        tabIndex={0}
        className="flex-1 overflow-y-auto overscroll-contain px-4 py-3"
      >
        <ActivityFeed
          feed={feed}
          scope="board"
          nameOf={memberNames(selectMemberProfiles(data))}
          label={t('activity.panelTitle')}
        />
      </div>
    </aside>
  );
};

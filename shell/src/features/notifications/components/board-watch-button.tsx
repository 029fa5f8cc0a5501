import { fetchBoardWatch, setBoardWatch, showToast, t } from '@taskflow/shared';
import { useEffect, useState } from 'react';

/**
 * 'Board beobachten' in the board's header: a toggle (aria-pressed). Watching a board is
 * watching each of its cards, unless the user stopped watching one of them.
 */
export const BoardWatchButton = ({
  boardId,
  className,
}: {
  boardId: string;
  className: string;
}) => {
  const [watching, setWatching] = useState<boolean | null>(null);
  useEffect(() => {
    let current = true;
    setWatching(null);
    fetchBoardWatch(boardId).then(
      (on) => {
        if (current) setWatching(on);
      },
      () => {
        if (current) setWatching(false);
      },
    );
    return () => {
      current = false;
    };
  }, [boardId]);
  return (
    <button
      type="button"
      aria-pressed={watching ?? false}
      disabled={watching === null}
      onClick={() => {
        if (watching === null) return;
        const next = !watching;
        setWatching(next);
        setBoardWatch(boardId, next).catch(() => {
          setWatching(!next);
          showToast(t('notifications.watchFailed'), 'error');
        });
      }}
      className={`${className} ${watching ? 'ring-2 ring-white' : ''}`}
    >
      {t('notifications.watchBoard')}
    </button>
  );
};

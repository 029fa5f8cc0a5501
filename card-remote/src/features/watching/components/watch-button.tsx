import { Button, fetchWatchState, setCardWatch, showToast, t } from '@taskflow/shared';
import { useEffect, useState } from 'react';

/**
 * 'Beobachten' on a card: a toggle (aria-pressed) whose line beside it says when the user
 * watches the card, by its own row or the board's. The database watches for the user when they
 * create, are assigned to or comment on a card; switching it off here is kept, so that does not
 * come back.
 */
export const WatchButton = ({ boardId, cardId }: { boardId: string; cardId: string }) => {
  const [watching, setWatching] = useState<boolean | null>(null);
  useEffect(() => {
    let current = true;
    fetchWatchState(boardId, cardId).then(
      (state) => {
        if (current) setWatching(state.card);
      },
      () => {
        if (current) setWatching(false);
      },
    );
    return () => {
      current = false;
    };
  }, [boardId, cardId]);

  const toggle = () => {
    if (watching === null) return;
    const next = !watching;
    setWatching(next);
    setCardWatch(cardId, next).catch(() => {
      setWatching(!next);
      showToast(t('notifications.watchFailed'), 'error');
    });
  };

  // Shown once the state is known: a disabled button that turned primary when it arrived
  // faded its colours in (transition-colors), unreadable for a moment (axe, color-contrast).
  if (watching === null) return <div className="min-h-8" />;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        size="sm"
        variant={watching ? 'primary' : 'secondary'}
        aria-pressed={watching}
        onClick={toggle}
      >
        {t('notifications.watch')}
      </Button>
      {watching ? (
        <span className="text-sm text-slate-600" data-testid="card-watching">
          {t('notifications.watchingCard')}
        </span>
      ) : null}
    </div>
  );
};

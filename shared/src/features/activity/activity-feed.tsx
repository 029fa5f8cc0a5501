import { useEffect, useRef, useState } from 'react';
import { displayName } from '../../domain/avatar';
import type { MemberProfile } from '../board';
import { formatDateTime } from '../../domain/dates';
import { t } from '../../kernel/i18n/t';
import { Button } from '../../ui/button';
import { Message } from '../../ui/message';
import { activityLine, type SentenceContext } from './activity-sentence';
import type { UseActivityResult } from './use-activity';

/** Relative times ('vor 5 Minuten') are redrawn this often while the feed is open. */
const TICK_MS = 30_000;

/** Current names of the board's members, for the sentences (undefined: not on the board). */
export const memberNames =
  (profiles: Record<string, MemberProfile>): SentenceContext['nameOf'] =>
  (userId) =>
    displayName(profiles[userId]) || undefined;

export interface ActivityFeedProps {
  /** The history to show, from useActivity. */
  feed: UseActivityResult;
  scope: SentenceContext['scope'];
  nameOf: SentenceContext['nameOf'];
  /** Accessible name of the list. */
  label: string;
}

/**
 * A history, newest first: the board's in the 'Aktivität' panel, a card's in its detail. Older
 * pages load when the end of the list scrolls into view (IntersectionObserver), or by the
 * button there, which also serves keyboards and screen readers.
 */
export const ActivityFeed = ({ feed, scope, nameOf, label }: ActivityFeedProps) => {
  const [now, setNow] = useState(() => new Date());
  const end = useRef<HTMLDivElement>(null);
  const { status, entries, hasMore, loadingMore, moreFailed, loadMore, retry } = feed;

  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), TICK_MS);
    return () => clearInterval(timer);
  }, []);

  // A new entry is "gerade eben" even if the last tick was a while ago.
  useEffect(() => setNow(new Date()), [entries]);

  useEffect(() => {
    const target = end.current;
    if (!target || !hasMore || moreFailed || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((seen) => {
      if (seen.some((s) => s.isIntersecting)) void loadMore();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore, moreFailed, loadMore, entries.length]);

  if (status === 'loading') {
    return (
      <p role="status" className="text-sm text-slate-500">
        {t('activity.loading')}
      </p>
    );
  }
  if (status === 'error') {
    return (
      <div className="space-y-2">
        <Message>{t('activity.loadFailed')}</Message>
        <Button variant="secondary" size="sm" onClick={retry}>
          {t('activity.retry')}
        </Button>
      </div>
    );
  }
  if (entries.length === 0) {
    return <p className="text-sm text-slate-500">{t('activity.empty')}</p>;
  }

  const ctx: SentenceContext = { scope, nameOf };
  return (
    <div className="space-y-3">
      <ol aria-label={label} className="space-y-2">
        {entries.map((entry) => (
          <li
            key={entry.id}
            data-testid="activity-entry"
            title={formatDateTime(entry.created_at)}
            className="border-l-2 border-slate-200 pl-3 text-sm text-slate-700"
          >
            {activityLine(entry, ctx, now)}
          </li>
        ))}
      </ol>
      <div ref={end}>
        {hasMore ? (
          <Button variant="ghost" size="sm" onClick={() => void loadMore()} disabled={loadingMore}>
            {loadingMore ? t('activity.loadingMore') : t('activity.loadMore')}
          </Button>
        ) : (
          <p className="text-xs text-slate-400">{t('activity.end')}</p>
        )}
        {moreFailed && <Message>{t('activity.loadFailed')}</Message>}
      </div>
    </div>
  );
};

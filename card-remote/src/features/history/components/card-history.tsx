import {
  ActivityFeed,
  memberNames,
  t,
  useActivity,
  type Card,
  type MemberProfile,
} from '@taskflow/shared';
import { Section } from '../../../components/section';

/** The card's history, newest first; it follows new changes live and scrolls into older ones. */
export const CardHistory = ({
  card,
  profiles,
}: {
  card: Card;
  profiles: Record<string, MemberProfile>;
}) => {
  const feed = useActivity({ boardId: card.board_id, cardId: card.id });
  return (
    <Section title={t('activity.cardHistory')}>
      <p className="mb-2 text-xs text-slate-500">{t('activity.keptTexts')}</p>
      {/* Focusable, so that the keyboard can scroll it (its entries have no control to focus). */}
      <div
        role="region"
        aria-label={t('activity.cardHistory')}
        tabIndex={0}
        className="max-h-72 overflow-y-auto overscroll-contain pr-1"
      >
        <ActivityFeed
          feed={feed}
          scope="card"
          nameOf={memberNames(profiles)}
          label={t('activity.cardHistory')}
        />
      </div>
    </Section>
  );
};

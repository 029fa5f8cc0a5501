import { Button, t, type BoardLabel, type Card } from '@taskflow/shared';
import { lazy, Suspense, useState } from 'react';
import { Section } from '../../../components/section';
import { LabelChip } from './label-chip';

// The modal (choosing, creating, editing and deleting labels) loads when it is opened: opening a
// card is part of a first visit, whose JavaScript budget (README: Delivery) has no room for it.
const LabelModal = lazy(() =>
  import('./label-modal').then(({ LabelModal }) => ({ default: LabelModal })),
);

/** The card's labels in the board's order, and the way into the label modal. */
export const CardLabels = ({ card, labels }: { card: Card; labels: readonly BoardLabel[] }) => {
  const [open, setOpen] = useState(false);
  const shown = labels.filter((label) => card.label_ids.includes(label.id));
  return (
    <Section
      title={t('card.labels')}
      aside={
        <button
          type="button"
          onClick={() => setOpen(true)}
          className="min-h-10 text-sm font-medium text-indigo-600 hover:text-indigo-500 sm:min-h-0"
        >
          {t('card.editLabels')}
        </button>
      }
    >
      {shown.length > 0 ? (
        <div className="flex flex-wrap gap-1.5">
          {shown.map((label) => (
            <LabelChip key={label.id} name={label.name} color={label.color} />
          ))}
        </div>
      ) : (
        // An empty section says so, and offers the next step.
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-500">
          <p>{t('card.noLabels')}</p>
          <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
            + {t('card.addLabel')}
          </Button>
        </div>
      )}
      {open ? (
        <Suspense fallback={null}>
          <LabelModal card={card} labels={labels} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </Section>
  );
};

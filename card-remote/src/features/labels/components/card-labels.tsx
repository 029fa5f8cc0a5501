import { t, type BoardLabel, type Card } from '@taskflow/shared';
import { useState } from 'react';
import { Section } from '../../../components/section';
import { LabelChip } from './label-chip';
import { LabelModal } from './label-modal';

/** The card's labels in the board's order, and the way into the label modal. */
export const CardLabels = ({ card, labels }: { card: Card; labels: readonly BoardLabel[] }) => {
  const [open, setOpen] = useState(false);
  return (
    <Section
      title={t('card.labels')}
      aside={
        <button
          type="button"
          onClick={() => setOpen(true)}
          className="text-sm font-medium text-indigo-600 hover:text-indigo-500"
        >
          {t('card.editLabels')}
        </button>
      }
    >
      <div className="flex flex-wrap gap-1.5">
        {labels
          .filter((label) => card.label_ids.includes(label.id))
          .map((label) => (
            <LabelChip key={label.id} name={label.name} color={label.color} />
          ))}
      </div>
      {open ? <LabelModal card={card} labels={labels} onClose={() => setOpen(false)} /> : null}
    </Section>
  );
};

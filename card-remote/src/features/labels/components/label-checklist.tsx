import { Checkbox, boardStore, t, type BoardLabel, type Card } from '@taskflow/shared';
import { LabelChip } from './label-chip';

/** Every label of the board, ticked where the card carries it; a click saves at once. */
export const LabelChecklist = ({ card, labels }: { card: Card; labels: readonly BoardLabel[] }) =>
  labels.length === 0 ? (
    <p className="text-sm text-slate-500">{t('labels.empty')}</p>
  ) : (
    <ul className="space-y-1">
      {labels.map((label) => (
        <li key={label.id}>
          <label className="flex cursor-pointer items-center gap-3 rounded-lg px-2 py-1.5 hover:bg-slate-50">
            <Checkbox
              checked={card.label_ids.includes(label.id)}
              onChange={(event) =>
                void boardStore.setTagged(card.id, label.id, event.target.checked)
              }
            />
            <LabelChip name={label.name} color={label.color} />
          </label>
        </li>
      ))}
    </ul>
  );

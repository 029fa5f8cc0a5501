import { Checkbox, PencilIcon, boardStore, t, type BoardLabel, type Card } from '@taskflow/shared';
import { LabelChip } from './label-chip';

interface LabelChecklistProps {
  card: Card;
  labels: readonly BoardLabel[];
  /** Opens the label's name and colour for editing (and deletion). */
  onEdit: (label: BoardLabel) => void;
}

/** Every label of the board, ticked where the card carries it; a click saves at once. */
export const LabelChecklist = ({ card, labels, onEdit }: LabelChecklistProps) =>
  labels.length === 0 ? (
    <p className="text-sm text-slate-500">{t('labels.empty')}</p>
  ) : (
    <ul className="space-y-1">
      {labels.map((label) => (
        <li key={label.id} className="flex items-center gap-1">
          <label className="flex min-h-10 min-w-0 flex-1 cursor-pointer items-center gap-3 rounded-lg px-2 py-1.5 hover:bg-slate-50">
            <Checkbox
              checked={card.label_ids.includes(label.id)}
              onChange={(event) =>
                void boardStore.setTagged(card.id, label.id, event.target.checked)
              }
            />
            <LabelChip name={label.name} color={label.color} />
          </label>
          <button
            type="button"
            onClick={() => onEdit(label)}
            aria-label={t('labels.editNamed', { name: label.name })}
            title={t('labels.edit')}
            className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-800"
          >
            <PencilIcon />
          </button>
        </li>
      ))}
    </ul>
  );

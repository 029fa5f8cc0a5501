import {
  Button,
  Modal,
  boardStore,
  defaultLabelColor,
  labelColorName,
  labelColors,
  t,
  type BoardLabel,
  type Card,
} from '@taskflow/shared';
import { useState, type FormEvent } from 'react';
import { fieldClass } from '../../card-detail/components/field';

interface LabelModalProps {
  card: Card;
  labels: readonly BoardLabel[];
  onClose: () => void;
}

/** 'Labels auswählen' and 'Neues Label erstellen' (spec §2, screen 7). */
export const LabelModal = ({ card, labels, onClose }: LabelModalProps) => {
  const [mode, setMode] = useState<'select' | 'create'>('select');
  const [name, setName] = useState('');
  const [color, setColor] = useState(defaultLabelColor.className);

  const create = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!name.trim()) return;
    const labelId = await boardStore.createLabel(name, color);
    if (labelId) void boardStore.setTagged(card.id, labelId, true);
    setName('');
    setColor(defaultLabelColor.className);
    setMode('select');
  };

  if (mode === 'create') {
    return (
      <Modal
        title={t('labels.createTitle')}
        onClose={onClose}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setMode('select')}>
              {t('labels.back')}
            </Button>
            <Button onClick={() => void create()} disabled={!name.trim()}>
              {t('labels.create')}
            </Button>
          </>
        }
      >
        <form onSubmit={(event) => void create(event)} className="space-y-4">
          <label className="block text-sm font-medium text-slate-700">
            {t('labels.name')}
            <input
              data-autofocus
              value={name}
              onChange={(event) => setName(event.target.value)}
              className={`mt-1 ${fieldClass}`}
            />
          </label>
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-700">{t('labels.color')}</legend>
            <div className="grid grid-cols-4 gap-2">
              {labelColors.map((option) => (
                <label
                  key={option.key}
                  className={`flex cursor-pointer items-center gap-2 rounded-lg px-2 py-1.5 text-sm ring-1 ${
                    color === option.className ? 'ring-2 ring-indigo-500' : 'ring-slate-200'
                  }`}
                >
                  <input
                    type="radio"
                    name="label-color"
                    className="sr-only"
                    checked={color === option.className}
                    onChange={() => setColor(option.className)}
                  />
                  <span
                    className={`h-3 w-3 rounded-full ${option.swatchClassName}`}
                    aria-hidden="true"
                  />
                  {labelColorName(option.key)}
                </label>
              ))}
            </div>
          </fieldset>
          {name.trim() ? (
            <span className={`inline-block rounded-md px-2 py-0.5 text-xs font-medium ${color}`}>
              {name.trim()}
            </span>
          ) : null}
        </form>
      </Modal>
    );
  }

  return (
    <Modal
      title={t('labels.selectTitle')}
      onClose={onClose}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => setMode('create')}>
            + {t('labels.newLabel')}
          </Button>
          <Button onClick={onClose}>{t('labels.done')}</Button>
        </>
      }
    >
      {labels.length === 0 ? (
        <p className="text-sm text-slate-500">{t('labels.empty')}</p>
      ) : (
        <ul className="space-y-1">
          {labels.map((label) => (
            <li key={label.id}>
              <label className="flex cursor-pointer items-center gap-3 rounded-lg px-2 py-1.5 hover:bg-slate-50">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-indigo-600"
                  checked={card.label_ids.includes(label.id)}
                  onChange={(event) =>
                    void boardStore.setTagged(card.id, label.id, event.target.checked)
                  }
                />
                <span className={`rounded-md px-2 py-0.5 text-xs font-medium ${label.color}`}>
                  {label.name}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
};

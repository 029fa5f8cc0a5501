import {
  Button,
  Modal,
  boardStore,
  defaultLabelColor,
  t,
  type BoardLabel,
  type Card,
} from '@taskflow/shared';
import { useState, type FormEvent } from 'react';
import { LabelChecklist } from './label-checklist';
import { LabelForm } from './label-form';

interface LabelModalProps {
  card: Card;
  labels: readonly BoardLabel[];
  onClose: () => void;
}

/**
 * 'Labels auswählen' and 'Neues Label erstellen' (spec §2, screen 7): one dialog whose content
 * changes, so the focus stays in it when the user switches between the two.
 */
export const LabelModal = ({ card, labels, onClose }: LabelModalProps) => {
  const [mode, setMode] = useState<'select' | 'create'>('select');
  const [name, setName] = useState('');
  const [color, setColor] = useState(defaultLabelColor.className);
  const creating = mode === 'create';

  const create = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!name.trim()) return;
    const labelId = await boardStore.createLabel(name, color);
    if (labelId) void boardStore.setTagged(card.id, labelId, true);
    setName('');
    setColor(defaultLabelColor.className);
    setMode('select');
  };

  return (
    <Modal
      title={creating ? t('labels.createTitle') : t('labels.selectTitle')}
      onClose={onClose}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => setMode(creating ? 'select' : 'create')}>
            {creating ? t('labels.back') : `+ ${t('labels.newLabel')}`}
          </Button>
          {creating ? (
            <Button onClick={() => void create()} disabled={!name.trim()}>
              {t('labels.create')}
            </Button>
          ) : (
            <Button onClick={onClose}>{t('labels.done')}</Button>
          )}
        </>
      }
    >
      {creating ? (
        <LabelForm
          name={name}
          color={color}
          onNameChange={setName}
          onColorChange={setColor}
          onSubmit={(event) => void create(event)}
        />
      ) : (
        <LabelChecklist card={card} labels={labels} />
      )}
    </Modal>
  );
};

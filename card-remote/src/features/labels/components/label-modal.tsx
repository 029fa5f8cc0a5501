import {
  Button,
  Modal,
  boardStore,
  defaultLabelColor,
  t,
  useBoard,
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

type Mode =
  | { kind: 'select' }
  | { kind: 'create' }
  | { kind: 'edit'; label: BoardLabel; confirmingDelete: boolean };

/** On how many live cards of the board a label is, for the delete confirmation. */
const useLabelUse = (boardId: string, labelId: string | null): number => {
  const { data } = useBoard(boardId);
  if (!data || !labelId) return 0;
  return Object.values(data.cards).filter(
    (card) => !card.deleted_at && card.label_ids.includes(labelId),
  ).length;
};

const deleteQuestion = (name: string, count: number) =>
  count === 0
    ? t('labels.confirmDeleteUnused', { name })
    : count === 1
      ? t('labels.confirmDeleteOne', { name })
      : t('labels.confirmDelete', { name, count });

/**
 * 'Labels auswählen', 'Neues Label erstellen' and 'Label bearbeiten' (docs/product-spec.md §2,
 * screen 7): one dialog whose content changes, so the focus stays in it when the user switches.
 */
export const LabelModal = ({ card, labels, onClose }: LabelModalProps) => {
  const [mode, setMode] = useState<Mode>({ kind: 'select' });
  const [name, setName] = useState('');
  const [color, setColor] = useState(defaultLabelColor.className);
  const editing = mode.kind === 'edit' ? mode.label : null;
  const usedOn = useLabelUse(card.board_id, editing?.id ?? null);

  const back = () => {
    setName('');
    setColor(defaultLabelColor.className);
    setMode({ kind: 'select' });
  };

  const create = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!name.trim()) return;
    const labelId = await boardStore.createLabel(name, color);
    // Refused: the store says why; name and colour stay in the form for another try.
    if (!labelId) return;
    void boardStore.setTagged(card.id, labelId, true);
    back();
  };

  const save = (event?: FormEvent) => {
    event?.preventDefault();
    if (!editing || !name.trim()) return;
    void boardStore.updateLabel(editing.id, { name, color });
    back();
  };

  const startEdit = (label: BoardLabel) => {
    setName(label.name);
    setColor(label.color);
    setMode({ kind: 'edit', label, confirmingDelete: false });
  };

  const title =
    mode.kind === 'create'
      ? t('labels.createTitle')
      : mode.kind === 'edit'
        ? t('labels.edit')
        : t('labels.selectTitle');

  const footer =
    mode.kind === 'select' ? (
      <>
        <Button variant="secondary" onClick={() => setMode({ kind: 'create' })}>
          + {t('labels.newLabel')}
        </Button>
        <Button onClick={onClose}>{t('labels.done')}</Button>
      </>
    ) : mode.kind === 'create' ? (
      <>
        <Button variant="secondary" onClick={back}>
          {t('labels.back')}
        </Button>
        <Button onClick={() => void create()} disabled={!name.trim()}>
          {t('labels.create')}
        </Button>
      </>
    ) : mode.confirmingDelete ? (
      <>
        <Button variant="secondary" onClick={() => setMode({ ...mode, confirmingDelete: false })}>
          {t('labels.cancel')}
        </Button>
        <Button
          variant="danger"
          onClick={() => {
            void boardStore.deleteLabel(mode.label.id);
            back();
          }}
        >
          {t('labels.delete')}
        </Button>
      </>
    ) : (
      <>
        <Button
          variant="danger"
          className="mr-auto"
          onClick={() => setMode({ ...mode, confirmingDelete: true })}
        >
          {t('labels.delete')}
        </Button>
        <Button variant="secondary" onClick={back}>
          {t('labels.back')}
        </Button>
        <Button onClick={() => save()} disabled={!name.trim()}>
          {t('labels.save')}
        </Button>
      </>
    );

  return (
    <Modal title={title} onClose={onClose} size="sm" footer={footer}>
      {mode.kind === 'select' ? (
        <LabelChecklist card={card} labels={labels} onEdit={startEdit} />
      ) : mode.kind === 'edit' && mode.confirmingDelete ? (
        <p role="alert" className="text-sm break-words text-slate-700">
          {deleteQuestion(mode.label.name, usedOn)}
        </p>
      ) : (
        <LabelForm
          name={name}
          color={color}
          onNameChange={setName}
          onColorChange={setColor}
          onSubmit={(event) => (mode.kind === 'edit' ? save(event) : void create(event))}
        />
      )}
    </Modal>
  );
};

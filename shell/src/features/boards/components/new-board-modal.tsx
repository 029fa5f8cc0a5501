import { Button, Modal, TextField, t } from '@taskflow/shared';
import { useState, type FormEvent } from 'react';

interface NewBoardModalProps {
  onCreate: (title: string) => Promise<unknown>;
  onClose: () => void;
}

/** Enter creates, Escape cancels, 'Erstellen' stays disabled while the name is blank (spec §2). */
export const NewBoardModal = ({ onCreate, onClose }: NewBoardModalProps) => {
  const [title, setTitle] = useState('');
  const [busy, setBusy] = useState(false);
  const blank = title.trim() === '';

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (blank || busy) return;
    setBusy(true);
    await onCreate(title.trim());
    setBusy(false);
    onClose();
  };

  return (
    <Modal
      title={t('boards.newBoardTitle')}
      onClose={onClose}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('boards.cancel')}
          </Button>
          <Button onClick={() => void submit()} disabled={blank || busy}>
            {t('boards.create')}
          </Button>
        </>
      }
    >
      <form onSubmit={(event) => void submit(event)}>
        <TextField
          size="lg"
          data-autofocus
          label={t('boards.nameLabel')}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          placeholder={t('boards.namePlaceholder')}
        />
      </form>
    </Modal>
  );
};

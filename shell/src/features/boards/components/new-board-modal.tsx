import { Button, Modal, t } from '@taskflow/shared';
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
        <label className="block">
          <span className="mb-1 block text-sm font-medium text-slate-700">
            {t('boards.nameLabel')}
          </span>
          <input
            data-autofocus
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            placeholder={t('boards.namePlaceholder')}
            className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/20"
          />
        </label>
      </form>
    </Modal>
  );
};

import { Button, Modal, TextField, t } from '@taskflow/shared';
import { useState, type FormEvent } from 'react';
import type { ImportSummary } from '../../transfer/import-summary-dialog';
import { LazyImportFromFile, LazyImportSummaryDialog } from '../../transfer/lazy';

interface NewBoardModalProps {
  /** Resolves to null (or false) when the board could not be created. */
  onCreate: (title: string) => Promise<unknown>;
  onClose: () => void;
}

/** Enter creates, Escape cancels, 'Erstellen' stays disabled while the name is blank (docs/product-spec.md §2). */
export const NewBoardModal = ({ onCreate, onClose }: NewBoardModalProps) => {
  const [title, setTitle] = useState('');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [importing, setImporting] = useState(false);
  const [imported, setImported] = useState<ImportSummary | null>(null);
  const blank = title.trim() === '';

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (blank || busy) return;
    setBusy(true);
    setFailed(false);
    const created = await onCreate(title.trim());
    setBusy(false);
    // A refused create keeps the dialog and the typed name, and says so.
    if (created === null || created === false) setFailed(true);
    else onClose();
  };

  // After an import the board is there and selected; the dialog gives way to its summary.
  if (imported) return <LazyImportSummaryDialog summary={imported} onClose={onClose} />;

  return (
    <Modal
      title={t('boards.newBoardTitle')}
      onClose={onClose}
      size="sm"
      cancelLabel={t('boards.cancel')}
      footer={
        <Button onClick={() => void submit()} disabled={blank || busy || importing}>
          {t('boards.create')}
        </Button>
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
          error={failed ? t('errors.createFailed') : undefined}
        />
      </form>
      <LazyImportFromFile onImported={setImported} onBusyChange={setImporting} />
    </Modal>
  );
};

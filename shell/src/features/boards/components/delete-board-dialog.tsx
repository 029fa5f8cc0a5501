import { Button, Modal, TextField, t, type Board } from '@taskflow/shared';
import { useId, useState } from 'react';

interface DeleteBoardDialogProps {
  board: Pick<Board, 'id' | 'title'>;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Destroys a board for good, from the archive or its settings: the one step that cannot be
 * undone, so it asks for the board's name to be typed (as GitHub does for a repository), and
 * 'Endgültig löschen' stays disabled until it matches. 'Board löschen' in the header only
 * archives.
 */
export const DeleteBoardDialog = ({ board, onConfirm, onClose }: DeleteBoardDialogProps) => {
  const [typed, setTyped] = useState('');
  const formId = useId();
  const matches = typed.trim() === board.title;
  const confirm = () => {
    if (!matches) return;
    onConfirm();
    onClose();
  };
  return (
    <Modal
      title={t('archive.destroyNamed', { title: board.title })}
      onClose={onClose}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('boards.cancel')}
          </Button>
          <Button variant="danger" type="submit" form={formId} disabled={!matches}>
            {t('archive.destroy')}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          confirm();
        }}
      >
        <p className="text-sm break-words text-slate-700">
          {t('archive.destroyText', { title: board.title })}
        </p>
        <TextField
          label={t('archive.typeName')}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          data-autofocus
        />
      </form>
    </Modal>
  );
};

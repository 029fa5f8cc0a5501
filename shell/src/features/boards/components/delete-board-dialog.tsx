import { ConfirmDialog, t, type BoardData } from '@taskflow/shared';

interface DeleteBoardDialogProps {
  data: BoardData;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * A board's deletion cannot be undone (its cards go with it), so it is asked for first, naming
 * the board and what it holds (a deliberate change to docs/product-spec.md §4).
 */
export const DeleteBoardDialog = ({ data, onConfirm, onClose }: DeleteBoardDialogProps) => {
  // Cards waiting for undo (soft-deleted) are gone already for the user.
  const count = Object.values(data.cards).filter((card) => !card.deleted_at).length;
  const title = data.board.title;
  return (
    <ConfirmDialog
      title={t('boards.confirmDeleteTitle')}
      message={
        count === 1
          ? t('boards.confirmDeleteOne', { title })
          : t('boards.confirmDelete', { title, count })
      }
      confirmLabel={t('boards.confirmDeleteAction')}
      cancelLabel={t('boards.cancel')}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
};

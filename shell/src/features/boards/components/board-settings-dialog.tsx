import {
  Button,
  FieldGroup,
  Modal,
  boardBackgrounds,
  boardStore,
  boardsStore,
  t,
  type Board,
  type TextKey,
} from '@taskflow/shared';
import { useState } from 'react';
import { DeleteBoardDialog } from './delete-board-dialog';

/** The German name of each background, in the order of shared's boardBackgrounds. */
export const backgroundNames: readonly TextKey[] = [
  'backgrounds.blue',
  'backgrounds.green',
  'backgrounds.purple',
  'backgrounds.sunset',
  'backgrounds.sky',
  'backgrounds.slate',
  'backgrounds.amber',
  'backgrounds.fuchsia',
];

/**
 * 'Board-Einstellungen' (the owner's): the background, chosen from the palette and saved at
 * once, so the owner and every member see it change while the dialog is open; and, as in the
 * archive, 'Endgültig löschen' after typing the board's name.
 */
export const BoardSettingsDialog = ({ board, onClose }: { board: Board; onClose: () => void }) => {
  const [destroying, setDestroying] = useState(false);
  return (
    <Modal
      title={t('boards.settings')}
      onClose={onClose}
      size="sm"
      footer={
        <>
          <Button variant="danger" className="mr-auto" onClick={() => setDestroying(true)}>
            {t('archive.destroy')}
          </Button>
          <Button onClick={onClose}>{t('boards.done')}</Button>
        </>
      }
    >
      <FieldGroup legend={t('boards.background')}>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {boardBackgrounds.map((background, index) => {
            const chosen = board.background === background;
            return (
              <label
                key={background}
                className={`board-background flex min-h-16 cursor-pointer items-end rounded-xl p-2 text-xs font-semibold text-white shadow-inner ${background} ${
                  chosen ? 'ring-4 ring-indigo-500 ring-offset-2' : 'ring-1 ring-slate-200'
                }`}
              >
                <input
                  type="radio"
                  name="board-background"
                  className="sr-only"
                  checked={chosen}
                  onChange={() => void boardStore.updateBoard({ background })}
                />
                <span className="drop-shadow">
                  {t(backgroundNames[index] ?? 'backgrounds.blue')}
                </span>
              </label>
            );
          })}
        </div>
      </FieldGroup>
      {destroying ? (
        <DeleteBoardDialog
          board={board}
          onConfirm={() => {
            onClose();
            void boardsStore.remove(board);
          }}
          onClose={() => setDestroying(false)}
        />
      ) : null}
    </Modal>
  );
};

import '../../../components/on-demand-texts';
import {
  Button,
  Modal,
  SelectField,
  boardStore,
  copyCardTo,
  fetchBoardLists,
  moveCardTo,
  selectCardsByList,
  selectLists,
  showToast,
  t,
  useBoard,
  useBoards,
  type Card,
  type ListChoice,
} from '@taskflow/shared';
import { useEffect, useId, useMemo, useState } from 'react';

export type TransferMode = 'move' | 'copy';

/** Another board's lists as they load; the open board's come from the store at once. */
type ForeignLists =
  | { boardId: string; status: 'loading' }
  | { boardId: string; status: 'ready'; lists: ListChoice[] }
  | { boardId: string; status: 'error' };

const useForeignLists = (boardId: string, currentBoardId: string): ForeignLists | null => {
  const [state, setState] = useState<ForeignLists | null>(null);
  useEffect(() => {
    if (boardId === currentBoardId) return;
    let current = true;
    fetchBoardLists(boardId).then(
      (lists) => current && setState({ boardId, status: 'ready', lists }),
      () => current && setState({ boardId, status: 'error' }),
    );
    return () => {
      current = false;
    };
  }, [boardId, currentBoardId]);
  if (boardId === currentBoardId) return null;
  return state?.boardId === boardId ? state : { boardId, status: 'loading' };
};

export interface CardTransferDialogProps {
  mode: TransferMode;
  boardId: string;
  card: Card;
  onClose: () => void;
  /** The card left this board (moved elsewhere): the detail closes too. */
  onCardGone: () => void;
}

/**
 * 'Verschieben nach …' and 'Kopieren nach …': a board among the user's boards, one of its lists,
 * top or bottom. A move inside the open board is the store's moveCard (optimistic, like a drag);
 * a move to another board and every copy are done by the server (copy_card, move_card_to_list),
 * which checks the user's membership of both boards; realtime then brings the result.
 */
export const CardTransferDialog = ({
  mode,
  boardId,
  card,
  onClose,
  onCardGone,
}: CardTransferDialogProps) => {
  const { boards } = useBoards();
  const { data } = useBoard(boardId);
  const [targetBoardId, setTargetBoardId] = useState(boardId);
  const [chosenListId, setChosenListId] = useState<string | null>(card.list_id);
  const [atTop, setAtTop] = useState(false);
  const [busy, setBusy] = useState(false);
  const positionName = useId();

  const ownLists = useMemo(
    () => (data ? selectLists(data).map(({ id, title }) => ({ id, title })) : []),
    [data],
  );
  const foreign = useForeignLists(targetBoardId, boardId);
  const lists: ListChoice[] = foreign
    ? foreign.status === 'ready'
      ? foreign.lists
      : []
    : ownLists;
  // The list chosen, else the first of the board chosen.
  const listId = lists.some((list) => list.id === chosenListId)
    ? chosenListId
    : (lists[0]?.id ?? null);
  const targetBoard = boards.find((board) => board.id === targetBoardId);

  const moveHere = (to: string) => {
    const siblings = (data ? (selectCardsByList(data)[to] ?? []) : []).filter(
      (other) => other.id !== card.id && !other.deleted_at,
    );
    void boardStore.moveCard(card.id, {
      listId: to,
      after: atTop ? null : (siblings.at(-1)?.id ?? null),
      before: atTop ? (siblings[0]?.id ?? null) : null,
    });
    onClose();
  };

  const submit = async () => {
    if (!listId || busy) return;
    if (mode === 'move' && targetBoardId === boardId) {
      moveHere(listId);
      return;
    }
    setBusy(true);
    const board = targetBoard?.title ?? '';
    try {
      if (mode === 'copy') {
        await copyCardTo(card.id, listId, atTop);
        showToast(t('cardTransfer.copied', { board }), 'success');
        onClose();
      } else {
        await moveCardTo(card.id, listId, atTop);
        showToast(t('cardTransfer.moved', { board }), 'success');
        onCardGone();
      }
    } catch {
      showToast(
        t(mode === 'copy' ? 'cardTransfer.copyFailed' : 'cardTransfer.moveFailed'),
        'error',
      );
      setBusy(false);
    }
  };

  return (
    <Modal
      title={t(mode === 'copy' ? 'cardTransfer.copyTitle' : 'cardTransfer.moveTitle')}
      onClose={onClose}
      size="sm"
      cancelLabel={t('card.cancel')}
      footer={
        <Button disabled={!listId || busy} onClick={() => void submit()}>
          {t(mode === 'copy' ? 'cardTransfer.copySubmit' : 'cardTransfer.moveSubmit')}
        </Button>
      }
    >
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <SelectField
          label={t('cardTransfer.board')}
          value={targetBoardId}
          onChange={(event) => setTargetBoardId(event.target.value)}
        >
          {boards.map((board) => (
            <option key={board.id} value={board.id}>
              {board.id === boardId
                ? t('cardTransfer.thisBoard', { title: board.title })
                : board.title}
            </option>
          ))}
        </SelectField>
        {foreign?.status === 'loading' ? (
          <p className="text-sm text-slate-500" role="status">
            {t('cardTransfer.loadingLists')}
          </p>
        ) : foreign?.status === 'error' ? (
          <p className="text-sm text-rose-700" role="alert">
            {t('cardTransfer.listsFailed')}
          </p>
        ) : lists.length === 0 ? (
          <p className="text-sm text-slate-500">{t('cardTransfer.noLists')}</p>
        ) : (
          <SelectField
            label={t('cardTransfer.list')}
            value={listId ?? ''}
            onChange={(event) => setChosenListId(event.target.value)}
          >
            {lists.map((list) => (
              <option key={list.id} value={list.id}>
                {list.title}
              </option>
            ))}
          </SelectField>
        )}
        <fieldset>
          <legend className="block text-sm font-medium text-slate-700">
            {t('cardTransfer.position')}
          </legend>
          <div className="mt-1 flex gap-4">
            {[true, false].map((top) => (
              <label
                key={String(top)}
                className="flex min-h-10 items-center gap-2 text-sm sm:min-h-0"
              >
                <input
                  type="radio"
                  name={positionName}
                  checked={atTop === top}
                  onChange={() => setAtTop(top)}
                />
                {t(top ? 'cardTransfer.top' : 'cardTransfer.bottom')}
              </label>
            ))}
          </div>
        </fieldset>
      </form>
    </Modal>
  );
};

import './remote.css';
import { horizontalListSortingStrategy, SortableContext } from '@dnd-kit/sortable';
import {
  Button,
  boardStore,
  hasActiveFilters,
  noteBoardShown,
  StyleScope,
  t,
  type BoardColumnsProps,
} from '@taskflow/shared';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { AddListColumn } from './features/columns/components/add-list-column';
import { BoardDndContext } from './features/columns/components/board-dnd-context';
import { BoardShortcuts } from './features/columns/components/board-shortcuts';
import { ListColumn } from './features/columns/components/list-column';
import { useBoardColumns } from './features/columns/hooks/use-board-columns';

/** The lists and cards of a board. */
const BoardColumns = ({ boardId, filters, onOpenCard, onResetFilters }: BoardColumnsProps) => {
  const { status, data, columns, profiles, labels } = useBoardColumns(boardId, filters);
  // The shell may pass a new function each render; the tiles keep one, so they stay memoised.
  const openCard = useRef(onOpenCard);
  useEffect(() => {
    openCard.current = onOpenCard;
  }, [onOpenCard]);
  const onOpen = useCallback((cardId: string) => openCard.current(cardId), []);
  // The list whose card composer is open (by its button or the shortcut 'n'), if any.
  const [composing, setComposing] = useState<string | null>(null);
  const compose = useCallback((listId: string, open: boolean) => {
    setComposing((current) => (open ? listId : current === listId ? null : current));
  }, []);
  const composeIn = useCallback((listId: string) => compose(listId, true), [compose]);
  // After the board's first paint: what waited for it ('Meine Aufgaben') may load now.
  const hasBoard = data !== null;
  useEffect(() => {
    if (hasBoard) noteBoardShown();
  }, [hasBoard, boardId]);

  if (status === 'error') {
    return (
      <div className="flex flex-col items-center gap-3 p-8 text-sm text-slate-500">
        <p>{t('boards.loadError')}</p>
        <Button variant="secondary" size="sm" onClick={() => boardStore.reload()}>
          {t('boards.retry')}
        </Button>
      </div>
    );
  }
  if (!data) {
    return <p className="p-8 text-center text-sm text-slate-500">{t('boards.loading')}</p>;
  }

  // Empty columns alone look like lost cards; say why, and offer the way back.
  const nothingMatches =
    hasActiveFilters(filters) && columns.every((column) => column.cards.length === 0);

  return (
    <BoardDndContext columns={columns} labels={labels} profiles={profiles}>
      {({ columns: shown, dragged }) => (
        <>
          <BoardShortcuts onAddCard={composeIn} onOpenCard={onOpen} />
          {nothingMatches ? (
            <div
              role="status"
              className="mx-4 mt-4 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-white/90 px-4 py-3 text-sm text-slate-700 shadow-sm ring-1 ring-slate-200 sm:mx-6"
            >
              <p>{t('lists.noMatches')}</p>
              {onResetFilters ? (
                <Button variant="secondary" size="sm" onClick={onResetFilters}>
                  {t('filters.reset')}
                </Button>
              ) : null}
            </div>
          ) : null}
          <div
            // On a phone each swipe stops at a list (snap), but not while a card or list is
            // dragged (its tile is aria-pressed): the drag's auto-scroll moves a few pixels at a
            // time, and each step snapped on to the next list, so the drag overshot it.
            className="flex min-h-0 flex-1 items-start gap-3 overflow-x-auto p-4 max-sm:snap-x max-sm:snap-mandatory max-sm:scroll-px-4 sm:p-6 has-[[aria-pressed=true]]:snap-none"
            data-testid="board-columns"
          >
            <ListIds columns={shown}>
              {shown.map((column) => {
                const holds = dragged !== null && column.cards.some((c) => c.id === dragged.cardId);
                return (
                  <ListColumn
                    key={column.list.id}
                    column={column}
                    labels={labels}
                    profiles={profiles}
                    onOpenCard={onOpen}
                    dragged={holds ? dragged : null}
                    composing={composing === column.list.id}
                    onCompose={compose}
                  />
                );
              })}
            </ListIds>
            <AddListColumn />
          </div>
        </>
      )}
    </BoardDndContext>
  );
};

/** The lists, sortable side by side by their headers. */
const ListIds = ({
  columns,
  children,
}: {
  columns: { list: { id: string } }[];
  children: ReactNode;
}) => {
  const ids = useMemo(() => columns.map((c) => c.list.id), [columns]);
  return (
    <SortableContext id="board-lists" items={ids} strategy={horizontalListSortingStrategy}>
      {children}
    </SortableContext>
  );
};

/** Exposed as board_remote/BoardColumns, in the remote's style scope (src/remote.css). */
const ScopedBoardColumns = (props: BoardColumnsProps) => (
  <StyleScope name="board_remote">
    <BoardColumns {...props} />
  </StyleScope>
);

export default ScopedBoardColumns;

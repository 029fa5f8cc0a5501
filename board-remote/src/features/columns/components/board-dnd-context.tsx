import {
  DndContext,
  DragOverlay,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { boardStore, t } from '@taskflow/shared';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import type { Column } from '../hooks/use-board-columns';
import { useBoardSensors } from '../hooks/use-board-sensors';
import { useDragAnnouncements } from '../hooks/use-drag-announcements';
import { KeyboardCarryContext, useKeyboardCarry } from '../hooks/use-keyboard-carry';
import { collisions } from '../lib/collisions';
import { kindOf, landingOver, type DraggedCard } from '../lib/drag-data';
import { moved, neighboursIn } from '../lib/drop-target';
import { previewColumns } from '../lib/preview';
import { focusTile } from '../lib/tile-focus';
import { CardTileOverlay, type TileLookups } from './card-tile';

// Rationale (dnd-kit's MultipleContainers story, STYLE.md): a drag is a transaction. On start
// the board as stored is the snapshot; while dragging, only a local preview moves (the card
// changes column in the preview, SortableContext shifts its neighbours by CSS transform); Escape
// drops the preview, which restores the snapshot; the drop writes once through the store,
// whose optimistic patch shows the result in the same frame the preview ends. Nothing is sent
// while dragging, and a tile not involved keeps its props, so it does not render again.
// Collisions, sensors and the spoken steps each have a module of their own.

/** The pointer's drag: a card (shown in another list for now, or not), a list, or none (null). */
type Drag =
  | { kind: 'card'; cardId: string; shownIn: { listId: string; index: number } | null }
  | { kind: 'list'; listId: string };

interface BoardDndContextProps extends TileLookups {
  columns: Column[];
  children: (view: { columns: Column[]; dragged: DraggedCard | null }) => ReactNode;
}

/**
 * The board's drag and drop: cards sortable in and across lists, lists sortable by their
 * header, with mouse, touch and keyboard, every step announced in German.
 */
export const BoardDndContext = ({ columns, labels, profiles, children }: BoardDndContextProps) => {
  const [drag, setDrag] = useState<Drag | null>(null);
  const keyboard = useKeyboardCarry(columns);
  const pointerView = useMemo(
    () =>
      previewColumns(
        columns,
        drag?.kind === 'card' && drag.shownIn ? { cardId: drag.cardId, ...drag.shownIn } : null,
      ),
    [columns, drag],
  );
  // A card carried by the keyboard, or one dragged by a pointer, is shown where it would land.
  const view = keyboard.carry ? keyboard.view : pointerView;
  // Announcements and handlers read the latest view without being recreated on every change.
  const viewRef = useRef(view);
  viewRef.current = view;
  const sensors = useBoardSensors();
  const announcements = useDragAnnouncements(columns, viewRef);

  const carriedId = keyboard.carry?.cardId ?? null;
  const pointerCardId = drag?.kind === 'card' ? drag.cardId : null;
  const dragged = useMemo<DraggedCard | null>(() => {
    if (carriedId) return { cardId: carriedId, by: 'keyboard' };
    return pointerCardId ? { cardId: pointerCardId, by: 'pointer' } : null;
  }, [carriedId, pointerCardId]);

  const onDragStart = ({ active }: DragStartEvent) => {
    const id = String(active.id);
    const kind = kindOf(active);
    if (kind === 'card') setDrag({ kind: 'card', cardId: id, shownIn: null });
    else if (kind === 'list') setDrag({ kind: 'list', listId: id });
  };

  /** Across lists, the card moves into the preview of the list it is over. */
  const onDragOver = ({ active, over }: DragOverEvent) => {
    if (kindOf(active) !== 'card' || !over) return;
    const at = landingOver(viewRef.current, active, over);
    if (!at || at.column.cards.some((c) => c.id === active.id)) return;
    setDrag({
      kind: 'card',
      cardId: String(active.id),
      shownIn: { listId: at.column.list.id, index: at.index },
    });
  };

  const finish = () => setDrag(null);

  /** One write, between the neighbours the user sees (the store places it among them all). */
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const id = String(active.id);
    finish();
    if (!over) return;
    if (kindOf(active) === 'list') {
      const order = viewRef.current.map((c) => ({ id: c.list.id }));
      const from = order.findIndex((l) => l.id === id);
      const to = order.findIndex((l) => l.id === String(over.id));
      if (from >= 0 && to >= 0 && from !== to) {
        void boardStore.moveList(id, neighboursIn(moved(order, from, to), id));
      }
      return;
    }
    const at = landingOver(viewRef.current, active, over);
    if (!at) return;
    // The store writes nothing when the card lands where it lies.
    void boardStore.moveCard(id, { listId: at.column.list.id, ...neighboursIn(at.order, id) });
    // Focus back on the moved card (it may have remounted in another list).
    requestAnimationFrame(() => focusTile(id));
  };

  const activeCard =
    drag?.kind === 'card'
      ? columns.flatMap((c) => c.cards).find((c) => c.id === drag.cardId)
      : null;
  const activeList =
    drag?.kind === 'list' ? columns.find((c) => c.list.id === drag.listId) : undefined;

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisions}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={finish}
      autoScroll={{ threshold: { x: 0.15, y: 0.15 }, acceleration: 12 }}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('dnd.instructions') },
      }}
    >
      <KeyboardCarryContext.Provider value={keyboard.handle}>
        {children({ columns: view, dragged })}
      </KeyboardCarryContext.Provider>
      {/* What the keyboard's carrying says (dnd-kit speaks for the pointer and for lists). */}
      <p aria-live="assertive" aria-atomic="true" className="sr-only">
        {keyboard.message}
      </p>
      <DragOverlay dropAnimation={null}>
        {activeCard ? (
          <CardTileOverlay card={activeCard} labels={labels} profiles={profiles} />
        ) : activeList ? (
          <div className="w-72 rotate-1 rounded-2xl bg-slate-100 p-3 text-sm font-semibold text-slate-800 shadow-xl ring-1 ring-indigo-300">
            {activeList.list.title}
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
};

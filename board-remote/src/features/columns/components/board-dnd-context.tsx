import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { boardStore, t } from '@taskflow/shared';
import type { ReactNode } from 'react';

const titleOf = (data: { current?: { title?: string } } | null | undefined): string =>
  data?.current?.title ?? '';

// dnd-kit speaks to screen readers; its words come from the German catalogue too.
const announcements: Announcements = {
  onDragStart: ({ active }) => t('dnd.pickedUp', { title: titleOf(active.data) }),
  onDragOver: ({ active, over }) =>
    over ? t('dnd.over', { title: titleOf(active.data), list: titleOf(over.data) }) : undefined,
  onDragEnd: ({ active, over }) =>
    over ? t('dnd.dropped', { title: titleOf(active.data), list: titleOf(over.data) }) : undefined,
  onDragCancel: () => t('dnd.cancelled'),
};

/**
 * Drag a card onto another list to move it (spec §2). The card moves locally while dragging (a
 * CSS transform) and is written once on drop; a drop on its own list writes nothing.
 */
export const BoardDndContext = ({ children }: { children: ReactNode }) => {
  const sensors = useSensors(
    // A short distance keeps a click a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor),
  );

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    const cardId = String(active.id);
    const listId = String(over.id);
    const card = boardStore.getState().data?.cards[cardId];
    if (card && card.list_id !== listId) void boardStore.moveCard(cardId, listId);
  };

  return (
    <DndContext
      sensors={sensors}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('dnd.instructions') },
      }}
    >
      {children}
    </DndContext>
  );
};

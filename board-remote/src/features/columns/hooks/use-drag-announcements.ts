import type { Active, Announcements, Over } from '@dnd-kit/core';
import { t } from '@taskflow/shared';
import { useRef, type RefObject } from 'react';
import { landing } from '../lib/drop-target';
import { kindOf, landingOver, listOf } from '../lib/drag-data';
import type { Column } from './use-board-columns';

/**
 * What dnd-kit says to screen readers during a pointer drag or a list's keyboard drag, in the
 * catalogue's words. A card's step names the place it lands on (not the one it left), from the
 * same landing() the drop uses; `view` is the board as shown, preview included.
 */
export const useDragAnnouncements = (
  columns: Column[],
  view: RefObject<Column[]>,
): Announcements => {
  /** Whether the dragged item has been over anything but itself yet. */
  const moved = useRef(false);

  const listWhere = (id: string) => {
    const index = view.current.findIndex((c) => c.list.id === id);
    return { index, count: view.current.length, title: view.current[index]?.list.title ?? '' };
  };

  const cardTitle = (id: string) => {
    for (const column of columns) {
      const card = column.cards.find((c) => c.id === id);
      if (card) return card.title;
    }
    return '';
  };

  const cardStep = (
    key: 'dnd.pickedUp' | 'dnd.over' | 'dnd.dropped',
    active: Active,
    over: Over | null,
  ) => {
    const self = { id: String(active.id), listId: listOf(active) };
    const at = over
      ? landingOver(view.current, active, over)
      : landing(view.current, self.id, self, false);
    return at
      ? t(key, {
          title: cardTitle(self.id),
          position: at.index + 1,
          count: at.order.length,
          list: at.column.list.title,
        })
      : undefined;
  };

  const listStep = (
    key: 'dnd.listPickedUp' | 'dnd.listOver' | 'dnd.listDropped',
    id: string,
    overId?: string,
  ) => {
    const self = listWhere(id);
    const position = overId ? listWhere(overId).index : self.index;
    return t(key, { title: self.title, position: position + 1, count: self.count });
  };

  return {
    onDragStart: ({ active }) => {
      moved.current = false;
      return kindOf(active) === 'list'
        ? listStep('dnd.listPickedUp', String(active.id))
        : cardStep('dnd.pickedUp', active, null);
    },
    onDragOver: ({ active, over }) => {
      // Over itself before it has moved: 'picked up' says it all (one live region, last wins).
      if (!over || (over.id === active.id && !moved.current)) return undefined;
      moved.current = true;
      return kindOf(active) === 'list'
        ? listStep('dnd.listOver', String(active.id), String(over.id))
        : cardStep('dnd.over', active, over);
    },
    onDragEnd: ({ active, over }) => {
      if (!over) return undefined;
      return kindOf(active) === 'list'
        ? listStep('dnd.listDropped', String(active.id), String(over.id))
        : cardStep('dnd.dropped', active, over);
    },
    onDragCancel: ({ active }) => {
      if (kindOf(active) === 'list') {
        return t('dnd.listCancelled', { title: listWhere(String(active.id)).title });
      }
      const home = columns.find((c) => c.cards.some((card) => card.id === active.id));
      return t('dnd.cancelled', {
        title: cardTitle(String(active.id)),
        list: home?.list.title ?? '',
      });
    },
  };
};

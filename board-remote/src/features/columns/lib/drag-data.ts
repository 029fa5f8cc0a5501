import type { Active, Over } from '@dnd-kit/core';
import { landing } from './drop-target';
import type { Column } from '../hooks/use-board-columns';

/** What a droppable or draggable of the board is: a card tile, a list header, a list body. */
export type Kind = 'card' | 'list' | 'column';

export const kindOf = (entry: Active | Over | null | undefined): Kind | undefined =>
  (entry?.data.current as { type?: Kind } | undefined)?.type;

/** The list a card or column droppable belongs to (the preview's list for the dragged card). */
export const listOf = (entry: Active | Over | null | undefined): string | undefined =>
  (entry?.data.current as { listId?: string } | undefined)?.listId;

/** Whether the dragged card's top is past the middle of the card it is over. */
const isBelow = (active: Active, over: Over): boolean =>
  (active.rect.current.translated?.top ?? 0) > over.rect.top + over.rect.height / 2;

/** Where the dragged card lands if dropped now over `over`, in `view` (the board as shown). */
export const landingOver = (view: readonly Column[], active: Active, over: Over) =>
  landing(
    view,
    String(active.id),
    { id: String(over.id), listId: listOf(over) },
    isBelow(active, over),
  );

/** The card on the move, and what moves it: its list keeps it mounted and, for keys, in view. */
export interface DraggedCard {
  cardId: string;
  by: 'pointer' | 'keyboard';
}

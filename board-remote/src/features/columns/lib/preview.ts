import type { Column } from '../hooks/use-board-columns';
import { carriedColumns, type Carry } from './keyboard-carry';

/**
 * While a card is dragged over another list: where it is shown for now (nothing is sent), the
 * same as a card the keyboard carries.
 */
export type Preview = Carry;

/**
 * The columns with the dragged card shown in the list it is over. Only the two lists involved
 * get new objects; every other column keeps its reference, so its memoised view stays put.
 */
export const previewColumns = (columns: Column[], preview: Preview | null): Column[] => {
  if (!preview) return columns;
  const from = columns.find((c) => c.cards.some((card) => card.id === preview.cardId));
  // Inside its own list the pointer's card moves by sortable transforms, not in the preview.
  if (!from || from.list.id === preview.listId) return columns;
  return carriedColumns(columns, preview);
};

import type { Column } from '../hooks/use-board-columns';

/** While a card is dragged over another list: where it is shown for now (nothing is sent). */
export interface Preview {
  cardId: string;
  listId: string;
  /** Its index among the cards that list shows. */
  index: number;
}

/**
 * The columns with the dragged card shown in the list it is over. Only the two lists involved
 * get new objects; every other column keeps its reference, so its memoised view stays put.
 */
export const previewColumns = (columns: Column[], preview: Preview | null): Column[] => {
  if (!preview) return columns;
  const from = columns.find((c) => c.cards.some((card) => card.id === preview.cardId));
  const card = from?.cards.find((c) => c.id === preview.cardId);
  if (!from || !card || from.list.id === preview.listId) return columns;
  return columns.map((column) => {
    if (column === from) {
      return { ...column, cards: column.cards.filter((c) => c.id !== preview.cardId) };
    }
    if (column.list.id === preview.listId) {
      const cards = [...column.cards];
      cards.splice(Math.max(0, Math.min(preview.index, cards.length)), 0, card);
      return { ...column, cards };
    }
    return column;
  });
};

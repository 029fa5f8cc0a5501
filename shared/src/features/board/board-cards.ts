// How a board's data carries its cards. The store's own code (the reducer, the commands, the
// selectors) works on the persistent card table (card-table.ts) through `cardsOf`; the board
// objects it publishes still offer `BoardData.cards`, the plain record by id every other reader
// knows (the card dialog, the label dialog, tests, the device's copy), built from the table
// only when someone reads it and then kept. A board made elsewhere (a test's fixture, the
// device's copy read back) gets its table built once, on first use.
//
// Never spread a published board (`{ ...data }`): that reads `cards`, building the 10,000-key
// record the table exists to avoid. `withParts` makes the next board instead.
import type { BoardData, Card } from '../../domain/types';
import { CardTable } from './card-table';

export type BoardParts = Omit<BoardData, 'cards'>;

const tables = new WeakMap<BoardData, CardTable>();

/** The board's cards as the persistent table. */
export const cardsOf = (data: BoardData): CardTable => {
  let table = tables.get(data);
  if (!table) {
    table = CardTable.from(Object.values(data.cards));
    tables.set(data, table);
  }
  return table;
};

/** One card by id, without building the record. */
export const cardOf = (data: BoardData, id: string): Card | undefined => cardsOf(data).get(id);

/** A board of `parts` and `cards`, whose `cards` record is built when first read. */
export const boardData = (parts: BoardParts, cards: CardTable): BoardData => {
  const data = { ...parts } as BoardData;
  let record: Record<string, Card> | null = null;
  // Enumerable, so that a copy, a comparison or structuredClone (the device's copy) still sees
  // the cards; an accessor, so that nothing is built unless it is read.
  Object.defineProperty(data, 'cards', {
    enumerable: true,
    get: () => (record ??= cards.toRecord()),
  });
  tables.set(data, cards);
  return data;
};

/** `data` with some of its parts replaced, and its cards, or `cards` when given. */
export const withParts = (
  data: BoardData,
  parts: Partial<BoardParts>,
  cards: CardTable = cardsOf(data),
): BoardData => {
  const next: Record<string, unknown> = {};
  // Key by key, not by a spread or a rest pattern: either would read `cards`.
  for (const key of Object.keys(data))
    if (key !== 'cards') next[key] = data[key as keyof BoardData];
  return boardData({ ...(next as unknown as BoardParts), ...parts }, cards);
};

/** `data` with its cards replaced; the same board when nothing changed. */
export const withCards = (data: BoardData, cards: CardTable): BoardData =>
  cards === cardsOf(data) ? data : withParts(data, {}, cards);

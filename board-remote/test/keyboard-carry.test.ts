import { describe, expect, it } from 'vitest';
import { carriedColumns, stepCarry } from '../src/features/columns/lib/keyboard-carry';

const ids = (...names: string[]) => names.map((id) => ({ id }));
const board = [
  { list: { id: 'todo' }, cards: ids('a', 'b', 'c') },
  { list: { id: 'doing' }, cards: ids('d') },
  { list: { id: 'done' }, cards: ids() },
];
const shown = (columns: typeof board) => columns.map((c) => c.cards.map((card) => card.id));

describe('a card carried by the keyboard, shown where it would land', () => {
  it('moves within its own list', () => {
    const view = carriedColumns(board, { cardId: 'a', listId: 'todo', index: 2 });
    expect(shown(view)).toEqual([['b', 'c', 'a'], ['d'], []]);
  });

  it('moves into another list, and only the two lists involved change', () => {
    const view = carriedColumns(board, { cardId: 'b', listId: 'doing', index: 1 });
    expect(shown(view)).toEqual([['a', 'c'], ['d', 'b'], []]);
    expect(view[2]).toBe(board[2]);
  });

  it('changes nothing at its own place, or when the card is gone', () => {
    expect(carriedColumns(board, { cardId: 'a', listId: 'todo', index: 0 })).toEqual(board);
    expect(carriedColumns(board, { cardId: 'x', listId: 'todo', index: 0 })).toBe(board);
  });
});

describe('one arrow key', () => {
  const carry = { cardId: 'b', listId: 'todo', index: 1 };
  const step = (key: Parameters<typeof stepCarry>[2], from = carry) =>
    stepCarry(carriedColumns(board, from), from, key);

  it('moves one place up or down and stops at either end of the list', () => {
    expect(step('ArrowDown')).toEqual({ ...carry, index: 2 });
    expect(step('ArrowUp')).toEqual({ ...carry, index: 0 });
    expect(step('ArrowDown', { ...carry, index: 2 })).toEqual({ ...carry, index: 2 });
    expect(step('ArrowUp', { ...carry, index: 0 })).toEqual({ ...carry, index: 0 });
  });

  it('moves to the same place in the next list, or to its end when it is shorter', () => {
    expect(step('ArrowRight')).toEqual({ cardId: 'b', listId: 'doing', index: 1 });
    expect(step('ArrowRight', { ...carry, index: 0 })).toEqual({
      cardId: 'b',
      listId: 'doing',
      index: 0,
    });
    const inDoing = { cardId: 'b', listId: 'doing', index: 1 };
    expect(step('ArrowRight', inDoing)).toEqual({ cardId: 'b', listId: 'done', index: 0 });
  });

  it('stays where it is at the first and the last list', () => {
    expect(step('ArrowLeft')).toBe(carry);
    const inDone = { cardId: 'b', listId: 'done', index: 0 };
    expect(step('ArrowRight', inDone)).toBe(inDone);
  });
});

import { describe, expect, it } from 'vitest';
import { fullIndexOf, landing, moved } from '../src/features/columns/lib/drop-target';

const ids = (...names: string[]) => names.map((id) => ({ id }));

describe('where a dropped card lands in the whole list', () => {
  it('is its visible index when nothing is filtered', () => {
    expect(fullIndexOf('x', ids('a', 'x', 'b'), ids('a', 'b'))).toBe(1);
    expect(fullIndexOf('x', ids('x', 'a', 'b'), ids('a', 'b'))).toBe(0);
    expect(fullIndexOf('x', ids('a', 'b', 'x'), ids('a', 'b'))).toBe(2);
  });

  it('goes right after the visible card before it when search hides cards', () => {
    // Stored: a h1 b h2 c; visible: a b c; dropped between b and c.
    expect(fullIndexOf('x', ids('a', 'b', 'x', 'c'), ids('a', 'h1', 'b', 'h2', 'c'))).toBe(3);
    // Dropped first: right before the first visible card.
    expect(fullIndexOf('x', ids('x', 'b'), ids('h1', 'b'))).toBe(1);
    // Into a list that shows nothing: at its end.
    expect(fullIndexOf('x', ids('x'), ids('h1', 'h2'))).toBe(2);
  });

  it('moves an item inside an array', () => {
    expect(moved(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moved(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
  });
});

describe('where a dragged card lands if dropped now (what each step announces)', () => {
  const view = [
    { list: { id: 'todo' }, cards: ids('a', 'b', 'c') },
    { list: { id: 'done' }, cards: ids('d', 'e') },
    { list: { id: 'empty' }, cards: ids() },
  ];
  const at = (cardId: string, overId: string, listId: string, below = false) => {
    const land = landing(view, cardId, { id: overId, listId }, below);
    return land && { list: land.column.list.id, index: land.index, order: land.order };
  };

  it('takes the place of the card it is over in its own list (not its own old place)', () => {
    expect(at('c', 'a', 'todo')).toEqual({ list: 'todo', index: 0, order: ids('c', 'a', 'b') });
    expect(at('a', 'b', 'todo')).toEqual({ list: 'todo', index: 1, order: ids('b', 'a', 'c') });
  });

  it('stays where it is over itself or over its own list body', () => {
    expect(at('b', 'b', 'todo')?.index).toBe(1);
    expect(at('b', 'cards-of:todo', 'todo')).toEqual({
      list: 'todo',
      index: 1,
      order: ids('a', 'b', 'c'),
    });
  });

  it('goes before or after a card of another list, and to the end of its body', () => {
    expect(at('a', 'd', 'done')).toEqual({ list: 'done', index: 0, order: ids('a', 'd', 'e') });
    expect(at('a', 'd', 'done', true)?.order).toEqual(ids('d', 'a', 'e'));
    expect(at('a', 'cards-of:done', 'done')?.order).toEqual(ids('d', 'e', 'a'));
    expect(at('a', 'cards-of:empty', 'empty')).toEqual({
      list: 'empty',
      index: 0,
      order: ids('a'),
    });
  });

  it('knows nothing of a card the board does not show', () => {
    expect(at('x', 'a', 'todo')).toBeNull();
  });
});

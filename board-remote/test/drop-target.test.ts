import { describe, expect, it } from 'vitest';
import { landing, moved, neighboursIn } from '../src/features/columns/lib/drop-target';

const ids = (...names: string[]) => names.map((id) => ({ id }));

describe('where a dropped card lands, as the store is told', () => {
  it('is between the cards shown before and after it, null at an end', () => {
    expect(neighboursIn(ids('a', 'x', 'b'), 'x')).toEqual({ after: 'a', before: 'b' });
    expect(neighboursIn(ids('x', 'a', 'b'), 'x')).toEqual({ after: null, before: 'a' });
    expect(neighboursIn(ids('a', 'b', 'x'), 'x')).toEqual({ after: 'b', before: null });
    // Into a list that shows nothing: the end (the store keeps hidden cards before it).
    expect(neighboursIn(ids('x'), 'x')).toEqual({ after: null, before: null });
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

import { describe, expect, it } from 'vitest';
import { fullIndexOf, moved } from '../src/features/columns/lib/drop-target';

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

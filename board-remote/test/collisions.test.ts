import type { ClientRect, DroppableContainer } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { nearestBody } from '../src/features/columns/lib/collisions';

/** Three list bodies side by side, 288 px wide with 12 px between them, as on the board. */
const rects: Record<string, ClientRect> = Object.fromEntries(
  ['one', 'two', 'three'].map((id, i) => {
    const left = 32 + i * 300;
    return [id, { left, right: left + 288, top: 200, bottom: 800, width: 288, height: 600 }];
  }),
);
const bodies = Object.keys(rects).map((id) => ({ id }) as DroppableContainer);
const nearest = (x: number, y: number) => nearestBody(bodies, { x, y }, (id) => rects[id])?.id;

describe('the list a dragged card is over', () => {
  it('is the list under the pointer', () => {
    expect(nearest(400, 300)).toBe('two');
  });

  it('between two lists, is the nearer one, whatever the card overlaps', () => {
    expect(nearest(623, 300)).toBe('two');
    expect(nearest(629, 300)).toBe('three');
  });

  it('above or below the lists, is the one in line with the pointer', () => {
    expect(nearest(700, 50)).toBe('three');
    expect(nearest(100, 1000)).toBe('one');
  });

  it('beside the lists, is the nearest one', () => {
    expect(nearest(1500, 300)).toBe('three');
  });

  it('is none while no list has been measured', () => {
    expect(nearestBody(bodies, { x: 400, y: 300 }, () => undefined)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { windowLayout, type Slot } from '../src/features/columns/lib/window-layout';

// Cards of 100 px with gaps of 8 px: card i starts at 108 * i.
const card = (index: number) => ({ index, start: 108 * index, end: 108 * index + 100 });
const total = (count: number) => 108 * count - 8;

/** Where each card lands when the slots are laid out in a column with 8 px gaps. */
const offsets = (slots: Slot[]) => {
  const at: Record<number, number> = {};
  let y = 0;
  slots.forEach((slot, i) => {
    if (i > 0) y += 8;
    if (slot.kind === 'card') {
      at[slot.index] = y;
      y += 100;
    } else y += slot.height;
  });
  return { at, height: y };
};

describe('the layout of a windowed list', () => {
  it('puts a window in the middle of the list at its offsets, the list at its full height', () => {
    const slots = windowLayout([card(10), card(11), card(12)], total(40), 8);
    expect(offsets(slots)).toEqual({
      at: { 10: 1080, 11: 1188, 12: 1296 },
      height: total(40),
    });
  });

  it('keeps a card far from the window at its own place, not next to the window', () => {
    const slots = windowLayout([card(0), card(30), card(31)], total(40), 8);
    expect(offsets(slots).at).toEqual({ 0: 0, 30: 3240, 31: 3348 });
    expect(slots.filter((s) => s.kind === 'spacer')).toHaveLength(2);
  });

  it('needs no spacer for a whole list or for neighbours', () => {
    const slots = windowLayout([card(0), card(1), card(2)], total(3), 8);
    expect(slots.every((s) => s.kind === 'card')).toBe(true);
    expect(offsets(slots).height).toBe(total(3));
  });
});

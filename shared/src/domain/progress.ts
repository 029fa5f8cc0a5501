import type { ChecklistItem } from './types';

/** Rounded percent of completed subtasks; 0 for a card without subtasks. */
export const subtaskProgress = (items: readonly Pick<ChecklistItem, 'completed'>[]): number => {
  if (items.length === 0) return 0;
  const done = items.filter((item) => item.completed).length;
  return Math.round((done / items.length) * 100);
};

// 'Meine Aufgaben' grouped by due date, in the user's local calendar.
//
// Due dates are calendar dates (`date` columns, '2026-11-23'), so they are compared as such with
// today's local calendar date (localDateKey): a task due today is 'Heute' from local midnight to local midnight,
// whatever the time zone, and no clock arithmetic in milliseconds can slip across a daylight
// saving change. German weeks start on Monday (DIN 1355 / ISO 8601): 'Diese Woche' runs from
// tomorrow to Sunday, so on a Sunday it is empty and Monday's tasks are 'Später'.
import { endOfWeek } from '../../domain/dates';
import type { MyTask } from './my-tasks-api';

// The week's end is the domain's (the board's due-date filter needs it too).
export { endOfWeek };

export type MyTaskGroupKey = 'overdue' | 'today' | 'thisWeek' | 'later' | 'noDate';

/** The groups in the order the view shows them. */
export const myTaskGroupKeys: readonly MyTaskGroupKey[] = [
  'overdue',
  'today',
  'thisWeek',
  'later',
  'noDate',
];

export interface MyTaskGroup {
  key: MyTaskGroupKey;
  tasks: readonly MyTask[];
}

/** Which group a due date falls into when it is `today` (a local calendar date). */
export const myTaskGroupOf = (dueDate: string | null, today: string): MyTaskGroupKey => {
  if (!dueDate) return 'noDate';
  const due = dueDate.slice(0, 10);
  if (due < today) return 'overdue';
  if (due === today) return 'today';
  if (due <= endOfWeek(today)) return 'thisWeek';
  return 'later';
};

/**
 * The tasks in their groups, each group in the order given (the RPC's: due date, priority,
 * board, card). Every group is present, empty ones too, so the view decides what to show.
 */
export const groupMyTasks = (tasks: readonly MyTask[], today: string): MyTaskGroup[] => {
  const buckets = new Map<MyTaskGroupKey, MyTask[]>(myTaskGroupKeys.map((key) => [key, []]));
  for (const task of tasks) buckets.get(myTaskGroupOf(task.due_date, today))?.push(task);
  return myTaskGroupKeys.map((key) => ({ key, tasks: buckets.get(key) ?? [] }));
};

export interface DueCounts {
  overdue: number;
  today: number;
}

/** How many tasks are overdue and how many are due today: the badge shows their sum. */
export const dueCounts = (tasks: readonly MyTask[], today: string): DueCounts => {
  const counts: DueCounts = { overdue: 0, today: 0 };
  for (const task of tasks) {
    const group = myTaskGroupOf(task.due_date, today);
    if (group === 'overdue' || group === 'today') counts[group] += 1;
  }
  return counts;
};

/** Milliseconds from `now` until the next local midnight, when tasks move to another group. */
export const msUntilLocalMidnight = (now: Date): number =>
  new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).getTime() - now.getTime();

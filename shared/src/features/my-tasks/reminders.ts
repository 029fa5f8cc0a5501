// Reminders for 'Meine Aufgaben': at sign-in (the first load of the user's tasks), and whenever
// a task becomes due while the app is open (midnight comes, or a task due today or overdue is
// assigned to the user or moved to today), one toast sums up what is due, e.g.
// 'Heute fällig: 3 Aufgaben'. Each task is announced once: the same due tasks found again by
// a refetch stay quiet, a newly due one brings the summary again.
import { filter, type Observable, type Subscription } from 'rxjs';
import { t } from '../../kernel/i18n/t';
import { dueCounts, myTaskGroupOf, type DueCounts } from './grouping';
import { myTaskKey } from './my-tasks-api';
import type { MyTasksState } from './my-tasks-store';

/** "1 Aufgabe", "3 Aufgaben". */
export const taskCount = (count: number): string =>
  count === 1 ? t('myTasks.taskCountOne') : t('myTasks.taskCount', { count });

/** The reminder in German, singular and plural right; null when nothing is due. */
export const reminderText = ({ overdue, today }: DueCounts): string | null => {
  if (today > 0 && overdue > 0) {
    return t('myTasks.reminderBoth', { today: taskCount(today), overdue: taskCount(overdue) });
  }
  if (today > 0) return t('myTasks.reminderToday', { tasks: taskCount(today) });
  if (overdue > 0) return t('myTasks.reminderOverdue', { tasks: taskCount(overdue) });
  return null;
};

export interface ReminderOutlets {
  toast(message: string): void;
  system(title: string, body: string): void;
}

/** Follows the store's state until unsubscribed; starts over with the next user's first load. */
export const startReminders = (
  state$: Observable<MyTasksState>,
  outlets: ReminderOutlets,
): Subscription => {
  let announced = new Set<string>();
  return state$.pipe(filter((state) => state.status !== 'error')).subscribe((state) => {
    if (state.status !== 'ready') {
      // Signed out or loading another user's tasks: their first load reminds again.
      if (state.status === 'idle') announced = new Set();
      return;
    }
    const due = state.tasks.filter((task) => {
      const group = myTaskGroupOf(task.due_date, state.today);
      return group === 'overdue' || group === 'today';
    });
    const keys = new Set(due.map(myTaskKey));
    const fresh = [...keys].some((key) => !announced.has(key));
    announced = keys;
    if (!fresh) return;
    const message = reminderText(dueCounts(due, state.today));
    if (!message) return;
    outlets.toast(message);
    outlets.system(t('myTasks.title'), message);
  });
};

// Reminders for 'Meine Aufgaben': on the first load of a day, and whenever a task becomes due
// while the app is open (midnight comes, or a task due today or overdue is assigned to the user
// or moved to today), one toast sums up what is due, e.g. 'Heute fällig: 3 Aufgaben'.
//
// Each task is announced once a day, on this device: a reminder is a daily nudge, not news, so
// signing in again, switching boards or importing one (each refetches the tasks) stays quiet
// until a task not yet announced today is due; the next day reminds again. What was announced
// is remembered in localStorage, so a reload or a second sign-in the same day does not repeat
// it either.
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

/** The tasks announced on one day (keys of myTaskKey). */
export interface Announced {
  day: string;
  keys: readonly string[];
}

/** Where the announced tasks are remembered. */
export interface ReminderMemory {
  read(): Announced | null;
  write(announced: Announced): void;
}

const storageKey = 'taskflow.reminded';

/** The browser's localStorage; without it (private mode, full) the page's lifetime. */
export const localReminderMemory = (): ReminderMemory => {
  let fallback: Announced | null = null;
  return {
    read: () => {
      try {
        const stored = globalThis.localStorage?.getItem(storageKey);
        return stored ? (JSON.parse(stored) as Announced) : fallback;
      } catch {
        return fallback;
      }
    },
    write: (announced) => {
      fallback = announced;
      try {
        globalThis.localStorage?.setItem(storageKey, JSON.stringify(announced));
      } catch {
        // Storage may be full or disabled; the page remembers until it is closed.
      }
    },
  };
};

export interface ReminderOutlets {
  toast(message: string): void;
  system(title: string, body: string): void;
}

/** Follows the store's state until unsubscribed. */
export const startReminders = (
  state$: Observable<MyTasksState>,
  outlets: ReminderOutlets,
  memory: ReminderMemory = localReminderMemory(),
): Subscription =>
  state$.pipe(filter((state) => state.status === 'ready')).subscribe((state) => {
    const due = state.tasks.filter((task) => {
      const group = myTaskGroupOf(task.due_date, state.today);
      return group === 'overdue' || group === 'today';
    });
    const stored = memory.read();
    // Only today's: a task is announced again the next day. A task that left the list
    // (a refetch in between) stays announced.
    const announced = new Set(stored?.day === state.today ? stored.keys : []);
    const fresh = due.map(myTaskKey).filter((key) => !announced.has(key));
    if (fresh.length === 0) return;
    memory.write({ day: state.today, keys: [...announced, ...fresh] });
    const message = reminderText(dueCounts(due, state.today));
    if (!message) return;
    outlets.toast(message);
    outlets.system(t('myTasks.title'), message);
  });

import { Subject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  dueCounts,
  endOfWeek,
  groupMyTasks,
  msUntilLocalMidnight,
  myTaskGroupOf,
} from '../src/features/my-tasks/grouping';
import type { MyTask } from '../src/features/my-tasks/my-tasks-api';
import type { MyTaskSignal } from '../src/features/my-tasks/my-tasks-changes';
import { MyTasksStore, type MyTasksState } from '../src/features/my-tasks/my-tasks-store';
import {
  reminderText,
  startReminders,
  type Announced,
  type ReminderMemory,
} from '../src/features/my-tasks/reminders';
import { myTaskRow as task } from '../src/testing/my-task-row';

// 2026-11-23 is a Monday.
const monday = '2026-11-23';

describe('grouping by due date', () => {
  it('sorts into Überfällig, Heute, Diese Woche, Später and Ohne Datum', () => {
    const tasks = [
      task('2026-11-22'),
      task('2026-11-23'),
      task('2026-11-24'),
      task('2026-11-29'),
      task('2026-11-30'),
      task(null),
      task('2025-01-01'),
    ];
    const groups = groupMyTasks(tasks, monday);
    expect(groups.map((g) => [g.key, g.tasks.map((t) => t.due_date)])).toEqual([
      ['overdue', ['2026-11-22', '2025-01-01']],
      ['today', ['2026-11-23']],
      ['thisWeek', ['2026-11-24', '2026-11-29']],
      ['later', ['2026-11-30']],
      ['noDate', [null]],
    ]);
  });

  it('keeps every group, empty ones too, in the order the view shows', () => {
    expect(groupMyTasks([], monday).map((g) => [g.key, g.tasks.length])).toEqual([
      ['overdue', 0],
      ['today', 0],
      ['thisWeek', 0],
      ['later', 0],
      ['noDate', 0],
    ]);
  });

  it('ends the week on Sunday, as German weeks do', () => {
    expect(endOfWeek('2026-11-23')).toBe('2026-11-29'); // Monday
    expect(endOfWeek('2026-11-27')).toBe('2026-11-29'); // Friday
    expect(endOfWeek('2026-11-28')).toBe('2026-11-29'); // Saturday
    expect(endOfWeek('2026-11-29')).toBe('2026-11-29'); // Sunday: the week ends today
    expect(endOfWeek('2026-11-30')).toBe('2026-12-06'); // the next Monday starts a new week
  });

  it('on a Sunday, Monday is already Später', () => {
    expect(myTaskGroupOf('2026-11-30', '2026-11-29')).toBe('later');
    expect(myTaskGroupOf('2026-11-28', '2026-11-29')).toBe('overdue');
    // On Saturday, Sunday is still this week.
    expect(myTaskGroupOf('2026-11-29', '2026-11-28')).toBe('thisWeek');
  });

  it('carries a week over the turn of the month and the year', () => {
    expect(endOfWeek('2026-12-30')).toBe('2027-01-03');
    expect(myTaskGroupOf('2027-01-03', '2026-12-30')).toBe('thisWeek');
    expect(myTaskGroupOf('2027-01-04', '2026-12-30')).toBe('later');
    expect(endOfWeek('2028-02-28')).toBe('2028-03-05'); // a leap year: 29 February in between
  });

  it('counts overdue and due today for the badge', () => {
    const tasks = [
      task('2026-11-01'),
      task('2026-11-22'),
      task(monday),
      task('2026-11-24'),
      task(null),
    ];
    expect(dueCounts(tasks, monday)).toEqual({ overdue: 2, today: 1 });
  });
});

describe('local midnight', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = zone;
  });

  it('is a whole day away at midnight, and 25 hours on the day the clocks go back', () => {
    process.env.TZ = 'Europe/Berlin';
    expect(msUntilLocalMidnight(new Date(2026, 10, 23, 0, 0))).toBe(24 * 3600_000);
    expect(msUntilLocalMidnight(new Date(2026, 10, 23, 23, 59))).toBe(60_000);
    // 25 October 2026: the clocks go back from 03:00 to 02:00 in Berlin.
    expect(msUntilLocalMidnight(new Date(2026, 9, 25, 0, 0))).toBe(25 * 3600_000);
    // And the days around it group as calendar days all the same.
    expect(endOfWeek('2026-10-24')).toBe('2026-10-25');
  });
});

describe('reminder text', () => {
  it('says what is due today, singular and plural', () => {
    expect(reminderText({ today: 3, overdue: 0 })).toBe('Heute fällig: 3 Aufgaben');
    expect(reminderText({ today: 1, overdue: 0 })).toBe('Heute fällig: 1 Aufgabe');
  });

  it('mentions overdue tasks, alone or with today', () => {
    expect(reminderText({ today: 0, overdue: 1 })).toBe('Überfällig: 1 Aufgabe');
    expect(reminderText({ today: 2, overdue: 1 })).toBe(
      'Heute fällig: 2 Aufgaben · Überfällig: 1 Aufgabe',
    );
  });

  it('is silent when nothing is due', () => {
    expect(reminderText({ today: 0, overdue: 0 })).toBeNull();
  });
});

describe('reminders', () => {
  /** The device's memory of what was announced: one per test, shared by its sign-ins. */
  let device: ReminderMemory;
  beforeEach(() => {
    let stored: Announced | null = null;
    device = {
      read: () => stored,
      write: (announced) => {
        stored = announced;
      },
    };
  });
  const follow = () => {
    const state$ = new Subject<MyTasksState>();
    const toasts: string[] = [];
    const system: string[] = [];
    const subscription = startReminders(
      state$,
      {
        toast: (message) => toasts.push(message),
        system: (title, body) => system.push(`${title}: ${body}`),
      },
      device,
    );
    return { state$, toasts, system, subscription };
  };
  const ready = (tasks: MyTask[], today = monday): MyTasksState => ({
    status: 'ready',
    tasks,
    today,
  });

  it('reminds once at sign-in, and again only when a task becomes due', () => {
    const { state$, toasts, system } = follow();
    const today1 = task(monday);
    const today2 = task(monday);
    const late = task('2026-11-20');
    const tomorrow = task('2026-11-24');
    state$.next({ status: 'loading', tasks: [], today: monday });
    state$.next(ready([late, today1, today2, tomorrow]));
    expect(toasts).toEqual(['Heute fällig: 2 Aufgaben · Überfällig: 1 Aufgabe']);
    expect(system).toEqual(['Meine Aufgaben: Heute fällig: 2 Aufgaben · Überfällig: 1 Aufgabe']);

    // A refetch with the same due tasks stays quiet.
    state$.next(ready([late, today1, today2, tomorrow]));
    expect(toasts).toHaveLength(1);

    // Midnight: tomorrow's task is due now, today's are overdue.
    state$.next(ready([late, today1, today2, tomorrow], '2026-11-24'));
    expect(toasts.at(-1)).toBe('Heute fällig: 1 Aufgabe · Überfällig: 3 Aufgaben');

    // A task moved to today by someone else.
    const moved = task('2026-11-24');
    state$.next(ready([late, today1, today2, tomorrow, moved], '2026-11-24'));
    expect(toasts.at(-1)).toBe('Heute fällig: 2 Aufgaben · Überfällig: 3 Aufgaben');
    expect(toasts).toHaveLength(3);
  });

  it('says nothing when nothing is due', () => {
    const { state$, toasts } = follow();
    state$.next(ready([task('2026-12-24'), task(null)]));
    expect(toasts).toEqual([]);
  });

  it('announces a task once a day: not again at the next sign-in, board switch or import', () => {
    const first = follow();
    const late = task('2026-11-20');
    first.state$.next(ready([late]));
    expect(first.toasts).toEqual(['Überfällig: 1 Aufgabe']);
    // A refetch that misses the task (a board switch, an import) and finds it again.
    first.state$.next(ready([]));
    first.state$.next(ready([late, task('2026-12-24')]));
    first.state$.next({ status: 'idle', tasks: [], today: monday });
    first.subscription.unsubscribe();

    // Signed in again the same day, in a new page: quiet.
    const again = follow();
    again.state$.next(ready([late]));
    expect([...first.toasts, ...again.toasts]).toEqual(['Überfällig: 1 Aufgabe']);

    // The next day it reminds again.
    const tomorrow = follow();
    tomorrow.state$.next(ready([late], '2026-11-24'));
    expect(tomorrow.toasts).toEqual(['Überfällig: 1 Aufgabe']);
  });
});

describe('my tasks store', () => {
  let changes: Subject<MyTaskSignal>;
  let server: MyTask[];
  let fetches: number;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 10, 23, 23, 59, 0));
    changes = new Subject<MyTaskSignal>();
    server = [];
    fetches = 0;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const subtaskChanged: MyTaskSignal = {
    kind: 'change',
    table: 'card_checklist_items',
    row: { id: 's1', card_id: 'c1' },
  };
  const changed = (table: 'cards' | 'lists' | 'boards' | 'card_assignees', row: object) =>
    changes.next({ kind: 'change', table, row: { ...row } });

  const store = () =>
    new MyTasksStore({
      fetchMyTasks: async () => {
        fetches += 1;
        return server;
      },
      changes: () => changes.asObservable(),
    });

  it('loads with one request, then refetches once per burst of changes', async () => {
    server = [task(monday)];
    const tasks = store();
    tasks.start('u1');
    expect(tasks.getState().status).toBe('loading');
    await vi.advanceTimersByTimeAsync(0);
    expect(tasks.getState()).toMatchObject({ status: 'ready', tasks: server, today: monday });
    expect(fetches).toBe(1);

    server = [...server, task(null)];
    changes.next(subtaskChanged);
    changes.next(subtaskChanged);
    changes.next(subtaskChanged);
    await vi.advanceTimersByTimeAsync(400);
    expect(fetches).toBe(2);
    expect(tasks.getState().tasks).toHaveLength(2);
    tasks.stop();
  });

  it('moves to the next day at local midnight without a request', async () => {
    const tasks = store();
    tasks.start('u1');
    await vi.advanceTimersByTimeAsync(0);
    expect(tasks.getState().today).toBe('2026-11-23');
    await vi.advanceTimersByTimeAsync(61_000);
    expect(tasks.getState().today).toBe('2026-11-24');
    expect(fetches).toBe(1);
    tasks.stop();
  });

  it('forgets everything at sign-out and stops listening', async () => {
    server = [task(monday)];
    const tasks = store();
    tasks.start('u1');
    await vi.advanceTimersByTimeAsync(0);
    tasks.stop();
    expect(tasks.getState()).toMatchObject({ status: 'idle', tasks: [] });
    expect(changes.observed).toBe(false);
    changes.next(subtaskChanged);
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetches).toBe(1);
  });

  it('keeps the known tasks when a refetch fails, and reports a failed first load', async () => {
    let reachable = true;
    server = [task(monday)];
    const tasks = new MyTasksStore({
      fetchMyTasks: async () => {
        if (!reachable) throw new Error('offline');
        return server;
      },
      changes: () => changes.asObservable(),
    });
    tasks.start('u1');
    await vi.advanceTimersByTimeAsync(0);
    reachable = false;
    changes.next(subtaskChanged);
    await vi.advanceTimersByTimeAsync(400);
    expect(tasks.getState()).toMatchObject({ status: 'ready', tasks: server });

    tasks.stop();
    tasks.start('u2');
    await vi.advanceTimersByTimeAsync(0);
    expect(tasks.getState()).toMatchObject({ status: 'error', tasks: [] });
    reachable = true;
    await tasks.load();
    expect(tasks.getState().status).toBe('ready');
    tasks.stop();
  });

  it("skips changes that cannot matter: others' cards, lists, boards and assignments", async () => {
    const mine = task(monday, { card_id: 'c-mine', list_id: 'l-mine', board_id: 'b-mine' });
    server = [mine];
    const tasks = store();
    tasks.start('u1');
    await vi.advanceTimersByTimeAsync(0);

    changed('cards', { id: 'c-other', board_id: 'b-mine' });
    changed('lists', { id: 'l-other' });
    changed('boards', { id: 'b-other' });
    changed('card_assignees', { card_id: 'c-other', user_id: 'u2' });
    await vi.advanceTimersByTimeAsync(400);
    expect(fetches).toBe(1);

    for (const [table, row] of [
      ['cards', { id: 'c-mine' }],
      ['lists', { id: 'l-mine' }],
      ['boards', { id: 'b-mine' }],
      ['card_assignees', { card_id: 'c-new', user_id: 'u1' }],
    ] as const) {
      changed(table, row);
      await vi.advanceTimersByTimeAsync(400);
    }
    changes.next({ kind: 'status', status: 'CLOSED' });
    changes.next({ kind: 'status', status: 'SUBSCRIBED' });
    await vi.advanceTimersByTimeAsync(400);
    expect(fetches).toBe(6);

    // A card once among the tasks still counts after it left them: its restore brings it back.
    server = [];
    await tasks.load();
    changed('cards', { id: 'c-mine', deleted_at: null });
    await vi.advanceTimersByTimeAsync(400);
    expect(fetches).toBe(8);
    tasks.stop();
  });
});

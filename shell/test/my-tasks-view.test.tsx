import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as Shared from '@taskflow/shared';
import type { MyTask } from '@taskflow/shared';
import type { MyTaskSignal } from '@taskflow/shared/testing';
import { Subject } from 'rxjs';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

// The real store and hook over a gateway this file controls: the view sees what the RPC answered.
const gateway = vi.hoisted(() => ({ tasks: [] as MyTask[], fetches: 0 }));
const changes = new Subject<MyTaskSignal>();
const { store } = await vi.hoisted(async () => {
  const testing = await import('@taskflow/shared/testing');
  return {
    store: new testing.MyTasksStore({
      fetchMyTasks: async () => {
        gateway.fetches += 1;
        return gateway.tasks;
      },
      changes: () => changes.asObservable(),
    }),
  };
});

vi.mock('@taskflow/shared', async (importOriginal) => {
  const actual = await importOriginal<typeof Shared>();
  const { createUseMyTasks } = await import('@taskflow/shared/testing');
  return { ...actual, useMyTasks: createUseMyTasks(store) };
});

const { useMyTasks } = await import('@taskflow/shared');
const { myTaskRow: task } = await import('@taskflow/shared/testing');
const { MyTasksView } = await import('../src/features/my-tasks/components/my-tasks-view');
const { TopBar } = await import('../src/features/top-bar/components/top-bar');

// Wednesday, 25 November 2026, 10:00 in the test's local time zone; only Date is faked, and it
// runs on with real time (RxJS's debounce reads the clock).
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(new Date(2026, 10, 25, 10, 0));
});
afterAll(() => {
  vi.useRealTimers();
});

const openView = async (tasks: MyTask[]) => {
  gateway.tasks = tasks;
  store.stop();
  store.start('u1');
  const onOpenTask = vi.fn();
  // The top bar's badge and the view read the same store, as in the main screen.
  const Screen = () => {
    const myTasks = useMyTasks();
    return (
      <>
        <TopBar
          email="anna@example.de"
          boards={[]}
          selectedBoardId={null}
          onSelectBoard={vi.fn()}
          onNewBoard={vi.fn()}
          search=""
          onSearchChange={vi.fn()}
          filtersOpen={false}
          activeFilterCount={0}
          onToggleFilters={vi.fn()}
          onSignOut={vi.fn()}
          onOpenMyTasks={vi.fn()}
          dueTaskCount={myTasks.due.overdue + myTasks.due.today}
        />
        <MyTasksView onOpenTask={onOpenTask} onClose={vi.fn()} />
      </>
    );
  };
  render(<Screen />);
  return { onOpenTask, dialog: await screen.findByRole('dialog', { name: 'Meine Aufgaben' }) };
};

beforeEach(() => {
  gateway.fetches = 0;
});

describe("'Meine Aufgaben'", () => {
  it('groups the tasks by due date, each with board, list, priority and due date', async () => {
    const { dialog } = await openView([
      task('2026-11-24', { card_title: 'Angebot schicken', priority: 'urgent' }),
      task('2026-11-25', {
        card_title: 'Launch planen',
        board_title: 'Marketing',
        list_title: 'In Arbeit',
        priority: 'high',
      }),
      task('2026-11-25', {
        kind: 'subtask',
        subtask_id: 's1',
        subtask_title: 'Druckerei anrufen',
        card_title: 'Flyer drucken',
      }),
      task('2026-11-29', { card_title: 'Wochenbericht' }),
      task('2026-11-30', { card_title: 'Nächste Woche', priority: 'low' }),
      task(null, { card_title: 'Irgendwann' }),
    ]);
    const headings = await within(dialog).findAllByRole('heading', { level: 3 });
    expect(headings.map((h) => h.textContent)).toEqual([
      'Überfällig (1)',
      'Heute (2)',
      'Diese Woche (1)',
      'Später (1)',
      'Ohne Datum (1)',
    ]);
    const group = (name: RegExp) => within(screen.getByRole('region', { name }));
    expect(group(/^Überfällig/).getByText('Angebot schicken')).toBeTruthy();
    expect(group(/^Diese Woche/).getByText('Wochenbericht')).toBeTruthy();
    expect(group(/^Später/).getByText('Nächste Woche')).toBeTruthy();
    expect(group(/^Ohne Datum/).getByText('Kein Fälligkeitsdatum')).toBeTruthy();

    const launch = group(/^Heute/).getByRole('button', {
      name: /^Launch planen/,
    });
    expect(within(launch).getByText('Board „Marketing“, Liste „In Arbeit“')).toBeTruthy();
    expect(within(launch).getByText('Hoch')).toBeTruthy();
    expect(within(launch).getByText('Fällig am 25.11.2026')).toBeTruthy();
    const subtask = group(/^Heute/).getByRole('button', { name: /Druckerei anrufen/ });
    expect(within(subtask).getByText('Unteraufgabe von „Flyer drucken“')).toBeTruthy();
    expect(gateway.fetches).toBe(1);
  });

  it('shows the number overdue or due today as the badge, named in German', async () => {
    await openView([
      task('2026-11-20'),
      task('2026-11-25'),
      task('2026-11-25'),
      task('2026-11-26'),
      task(null),
    ]);
    const button = await screen.findByRole('button', {
      name: 'Meine Aufgaben, 3 Aufgaben überfällig oder heute fällig',
    });
    expect(within(button).getByTestId('my-tasks-badge').textContent).toBe('3');
  });

  it('shows no badge when nothing is due, and says so when nothing is assigned', async () => {
    const { dialog } = await openView([]);
    expect(
      await within(dialog).findByText('Ihnen sind keine offenen Aufgaben zugewiesen.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Meine Aufgaben' })).toBeTruthy();
    expect(screen.queryByTestId('my-tasks-badge')).toBeNull();
  });

  it('opens the task that is clicked', async () => {
    const target = task('2026-11-27', {
      card_title: 'Budget',
      board_id: 'b2',
      card_id: 'card-budget',
    });
    const { onOpenTask } = await openView([task(null), target]);
    await userEvent.click(await screen.findByRole('button', { name: /^Budget/ }));
    expect(onOpenTask).toHaveBeenCalledWith(target);
  });

  it('follows a change live: a task assigned meanwhile appears, the badge counts it', async () => {
    const { dialog } = await openView([task('2026-11-26', { card_title: 'Morgen' })]);
    await within(dialog).findByText('Morgen');
    expect(screen.queryByTestId('my-tasks-badge')).toBeNull();
    gateway.tasks = [...gateway.tasks, task('2026-11-25', { card_title: 'Neu zugewiesen' })];
    changes.next({
      kind: 'change',
      table: 'card_assignees',
      row: { card_id: 'card-new', user_id: 'u1' },
    });
    expect(await within(dialog).findByText('Neu zugewiesen')).toBeTruthy();
    expect(screen.getByTestId('my-tasks-badge').textContent).toBe('1');
    expect(gateway.fetches).toBe(2);
  });

  it('offers system notifications and remembers the choice on this device', async () => {
    const requestPermission = vi.fn(async () => 'granted' as const);
    vi.stubGlobal(
      'Notification',
      Object.assign(vi.fn(), { permission: 'default', requestPermission }),
    );
    try {
      const { dialog } = await openView([]);
      const box = within(dialog).getByRole('checkbox', {
        name: 'Erinnerungen auch als Systembenachrichtigung anzeigen',
      });
      expect((box as HTMLInputElement).checked).toBe(false);
      await userEvent.click(box);
      expect(requestPermission).toHaveBeenCalledOnce();
      expect((box as HTMLInputElement).checked).toBe(true);
      expect(localStorage.getItem('taskflow.my-tasks.system-notifications')).toBe('on');
      await userEvent.click(box);
      expect((box as HTMLInputElement).checked).toBe(false);
      expect(localStorage.getItem('taskflow.my-tasks.system-notifications')).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

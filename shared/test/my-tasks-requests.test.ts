// How many my_tasks() calls 'Meine Aufgaben' makes while a board is worked on: the realtime
// rows are full rows (as the server sends them), the calls are counted at the gateway.
import { Subject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newRow } from '../src/domain/new-rows';
import type { CardRow } from '../src/domain/types';
import type { MyTask } from '../src/features/my-tasks/my-tasks-api';
import type { MyTaskSignal } from '../src/features/my-tasks/my-tasks-changes';
import { MyTasksStore } from '../src/features/my-tasks/my-tasks-store';
import { myTaskRow } from '../src/testing/my-task-row';

const cardRow = (id: string, fields: Partial<CardRow> = {}): CardRow =>
  newRow('cards', {
    id,
    board_id: 'b1',
    list_id: 'l1',
    title: `Karte ${id}`,
    position: 1024,
    created_at: '2026-11-01T00:00:00Z',
    ...fields,
  });

/** One of the user's cards as my_tasks() returns it, matching cardRow(id). */
const mine = (id: string, fields: Partial<MyTask> = {}): MyTask =>
  myTaskRow(null, { card_id: id, card_title: `Karte ${id}`, ...fields });

describe('my tasks while a board is worked on', () => {
  let changes: Subject<MyTaskSignal>;
  let server: MyTask[];
  let calls: number;

  beforeEach(() => {
    vi.useFakeTimers();
    changes = new Subject<MyTaskSignal>();
    calls = 0;
    server = [
      mine('c1'),
      mine('c2', { list_id: 'l2', list_title: 'In Arbeit' }),
      myTaskRow(null, {
        kind: 'subtask',
        card_id: 'c3',
        card_title: 'Karte c3',
        subtask_id: 's1',
        subtask_title: 'Schritt',
      }),
    ];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const started = async () => {
    const store = new MyTasksStore({
      fetchMyTasks: async () => {
        calls += 1;
        return server;
      },
      changes: () => changes.asObservable(),
    });
    store.start('u1');
    await vi.advanceTimersByTimeAsync(0);
    return store;
  };

  /** A change to a card, one user action apart (longer than the refetch's debounce). */
  const cardChanged = async (row: CardRow) => {
    changes.next({ kind: 'change', table: 'cards', row: { ...row } });
    await vi.advanceTimersByTimeAsync(1000);
  };

  it('makes no call for edits that leave the tasks as they are, and moves them locally', async () => {
    const store = await started();
    expect(calls).toBe(1);

    // Dragged within its list three times, its description and labels edited.
    await cardChanged(cardRow('c1', { position: 512 }));
    await cardChanged(cardRow('c1', { position: 3000 }));
    await cardChanged(cardRow('c1', { position: 1500 }));
    await cardChanged(cardRow('c1', { position: 1500, description: 'Mehr dazu' }));
    // A card with only a subtask of the user's, dragged; its due date is not known yet.
    await cardChanged(cardRow('c3', { position: 2048 }));
    await cardChanged(cardRow('c3', { position: 4096 }));
    // Moved to a list whose title is known from another task.
    await cardChanged(cardRow('c1', { position: 100, list_id: 'l2' }));
    // Someone else's card, changed in every way.
    await cardChanged(cardRow('c9', { title: 'Fremd', due_date: '2026-12-01' }));
    expect(calls).toBe(2);
    expect(store.getState().tasks.find((t) => t.card_id === 'c1')).toMatchObject({
      list_id: 'l2',
      list_title: 'In Arbeit',
    });

    // Deleted (undoably): its tasks go at once.
    await cardChanged(cardRow('c2', { list_id: 'l2', deleted_at: '2026-11-23T10:00:00Z' }));
    expect(store.getState().tasks.map((t) => t.card_id)).toEqual(['c1', 'c3']);
    expect(calls).toBe(2);
    store.stop();
  });

  it('asks again when what the tasks show or their order changes', async () => {
    const store = await started();
    await cardChanged(cardRow('c1', { title: 'Neu' }));
    await cardChanged(cardRow('c1', { title: 'Neu', priority: 'urgent' }));
    await cardChanged(cardRow('c1', { title: 'Neu', priority: 'urgent', due_date: '2026-12-01' }));
    // A list the user has no task in yet: its title is not known here.
    await cardChanged(cardRow('c1', { title: 'Neu', priority: 'urgent', list_id: 'l7' }));
    expect(calls).toBe(5);
    // A list renamed: the titles change here; a list moved changes nothing.
    changes.next({
      kind: 'change',
      table: 'lists',
      row: newRow('lists', {
        id: 'l2',
        board_id: 'b1',
        title: 'Im Test',
        position: 1,
        created_at: '2026-11-01T00:00:00Z',
      }),
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(5);
    expect(store.getState().tasks.find((t) => t.card_id === 'c2')?.list_title).toBe('Im Test');
    store.stop();
  });
});

// 'Meine Aufgaben': the signed-in user's tasks across all their boards, kept current.
//
// - One round trip: a load is one my_tasks() RPC, never a request per board or card.
// - Live: the realtime channel (my-tasks-changes.ts) says which row changed; the store then
//   refetches, debounced, so a burst of changes (a subtask list ticked through) costs one RPC.
//   The answer is the server's, so nothing here re-derives row-level security or the rules for
//   what counts as open. It only skips what cannot matter, so that a busy board does not make
//   every member refetch on every drag: a card, list or board never seen among the user's
//   tasks this session, and someone else's assignment. Subtask changes always count (ticking
//   the last open one finishes a card, unticking reopens one the user has not seen).
// - The clock is state too: `today` is the local date the groups are computed for, and a timer
//   moves it at local midnight, so a task due tomorrow becomes 'Heute' without a reload.
import { debounceTime, filter, type Observable, type Subscription } from 'rxjs';
import { localDateKey } from '../../domain/dates';
import { createStateCell, type StateCell } from '../../kernel/state/state-cell';
import { msUntilLocalMidnight } from './grouping';
import type { MyTask } from './my-tasks-api';
import type { MyTaskSignal } from './my-tasks-changes';

export type MyTasksStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface MyTasksState {
  status: MyTasksStatus;
  tasks: readonly MyTask[];
  /** The local calendar date the tasks are grouped for; it moves at local midnight. */
  today: string;
}

export interface MyTasksGateway {
  fetchMyTasks(): Promise<MyTask[]>;
  /** Signals a change that may alter the user's tasks (or a reconnect after a gap). */
  changes(userId: string): Observable<MyTaskSignal>;
}

export interface MyTasksStoreOptions {
  now?: () => Date;
  /** How long a burst of changes is gathered into one refetch. */
  refetchDebounceMs?: number;
}

export class MyTasksStore {
  private readonly now: () => Date;
  private readonly debounceMs: number;
  private readonly cell: StateCell<MyTasksState>;
  private userId: string | null = null;
  private live: Subscription | null = null;
  private midnight: ReturnType<typeof setTimeout> | null = null;
  private loadSerial = 0;
  /** Ids of every card, list and board among the user's tasks since sign-in. */
  private seen = { cards: new Set<string>(), lists: new Set<string>(), boards: new Set<string>() };

  constructor(
    private readonly gateway: MyTasksGateway,
    options: MyTasksStoreOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
    this.debounceMs = options.refetchDebounceMs ?? 300;
    this.cell = createStateCell<MyTasksState>(this.initial());
  }

  readonly getState = (): MyTasksState => this.cell.get();
  readonly subscribe = (listener: () => void): (() => void) => this.cell.subscribe(listener);
  get state$(): Observable<MyTasksState> {
    return this.cell.value$;
  }

  private initial(): MyTasksState {
    return { status: 'idle', tasks: [], today: localDateKey(this.now()) };
  }

  /** Loads the user's tasks and follows their changes; idempotent for the same user. */
  start(userId: string): void {
    if (this.userId === userId) return;
    this.stop();
    this.userId = userId;
    this.cell.set({ ...this.initial(), status: 'loading' });
    this.live = this.gateway
      .changes(userId)
      .pipe(
        filter((signal) => this.matters(signal)),
        debounceTime(this.debounceMs),
      )
      .subscribe(() => void this.load());
    this.scheduleMidnight();
    void this.load();
  }

  /** Sign-out: forgets the tasks, closes the channel and the timer. */
  stop(): void {
    this.loadSerial += 1;
    this.userId = null;
    this.seen = { cards: new Set(), lists: new Set(), boards: new Set() };
    this.live?.unsubscribe();
    this.live = null;
    if (this.midnight) clearTimeout(this.midnight);
    this.midnight = null;
    this.cell.set(this.initial());
  }

  /** Fetches the tasks again; the newest answer wins over one still on its way. */
  async load(): Promise<void> {
    if (!this.userId) return;
    this.loadSerial += 1;
    const serial = this.loadSerial;
    try {
      const tasks = await this.gateway.fetchMyTasks();
      if (serial !== this.loadSerial) return;
      for (const task of tasks) {
        this.seen.cards.add(task.card_id);
        this.seen.lists.add(task.list_id);
        this.seen.boards.add(task.board_id);
      }
      this.cell.set({ status: 'ready', tasks, today: localDateKey(this.now()) });
    } catch {
      if (serial !== this.loadSerial) return;
      // Known tasks stay on screen when a refetch fails; the next change or reconnect retries.
      this.cell.update((s) => ({ ...s, status: s.status === 'ready' ? 'ready' : 'error' }));
    }
  }

  /** Whether a change can alter the answer (see the top of this file). */
  private matters(signal: MyTaskSignal): boolean {
    if (signal.kind === 'rejoined') return true;
    const id = typeof signal.row.id === 'string' ? signal.row.id : null;
    switch (signal.table) {
      case 'cards':
        return id === null || this.seen.cards.has(id);
      case 'lists':
        return id === null || this.seen.lists.has(id);
      case 'boards':
        return id === null || this.seen.boards.has(id);
      case 'card_assignees':
        return signal.row.user_id === undefined || signal.row.user_id === this.userId;
      case 'card_checklist_items':
        return true;
    }
  }

  private scheduleMidnight(): void {
    // A second past midnight, so that a timer firing a little early still lands on the new day.
    this.midnight = setTimeout(
      () => {
        this.cell.update((s) => ({ ...s, today: localDateKey(this.now()) }));
        this.scheduleMidnight();
      },
      msUntilLocalMidnight(this.now()) + 1000,
    );
  }
}

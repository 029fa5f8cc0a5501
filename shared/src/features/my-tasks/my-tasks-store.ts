// 'Meine Aufgaben': the signed-in user's tasks across all their boards, kept current.
//
// - One round trip: a load is one my_tasks() RPC, never a request per board or card.
// - Live: the boards' private topics (my-tasks-changes.ts) say which row changed, a synced
//   resource (kernel/backend/synced-resource.ts) loads again after a gap. The answer is the server's, so
//   nothing here re-derives row-level security or what counts as open: a change is applied
//   here only where its effect on the answer is plain, else the store refetches, debounced, so
//   a burst of changes (a subtask list ticked through) costs one RPC. An open board sends every
//   drag and edit of the user's cards through here, and none of them costs a call unless it
//   changes what the tasks show or their order (see `effectOf`):
//   - skipped: a change to a card, list or board never seen among the user's tasks this
//     session, someone else's assignment, and a change to one of the user's cards, lists or
//     boards that leaves every column the tasks show as it was (a drag within a list, a
//     description, labels);
//   - applied here: a card moved to a list whose title is known, a list renamed, a card
//     deleted or purged (its tasks go);
//   - refetched: a new title, priority or due date (they decide the order, which is the
//     server's), a move to a list not known here, a board renamed, a restore, any change of a
//     subtask (ticking the last open one finishes a card, unticking reopens one the user has
//     not seen) or of the user's assignments, and any row that comes without these columns.
// - The clock is state too: `today` is the local date the groups are computed for, and a timer
//   moves it at local midnight, so a task due tomorrow becomes 'Heute' without a reload.
import { map, type Observable } from 'rxjs';
import { localDateKey } from '../../domain/dates';
import { normalizePriority } from '../../domain/priority';
import { createStateCell, type StateCell } from '../../kernel/state/state-cell';
import { SyncedResource, type LiveEvent } from '../../kernel/backend/synced-resource';
import { msUntilLocalMidnight } from './grouping';
import type { MyTask } from './my-tasks-api';
import type { MyTaskSignal } from './my-tasks-changes';

type Change = Extract<MyTaskSignal, { kind: 'change' }>;
type Row = Record<string, unknown>;

/** What a change does to the tasks: nothing, a change made here, or a refetch. */
type Effect = 'none' | 'refetch' | ((tasks: readonly MyTask[]) => readonly MyTask[]);

/** The columns of a card that my_tasks() reads. */
const cardColumns = ['title', 'priority', 'due_date', 'list_id', 'board_id', 'deleted_at'];

const withoutCard =
  (cardId: string) =>
  (tasks: readonly MyTask[]): readonly MyTask[] =>
    tasks.some((t) => t.card_id === cardId) ? tasks.filter((t) => t.card_id !== cardId) : tasks;

const hasColumns = (row: Row, columns: readonly string[]): boolean =>
  columns.every((column) => column in row);

export type MyTasksStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface MyTasksState {
  status: MyTasksStatus;
  tasks: readonly MyTask[];
  /** The local calendar date the tasks are grouped for; it moves at local midnight. */
  today: string;
}

export interface MyTasksGateway {
  fetchMyTasks(): Promise<MyTask[]>;
  /** Signals a change that may alter the user's tasks, the channels' status, and gaps. */
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
  private midnight: ReturnType<typeof setTimeout> | null = null;
  /** Ids of every card, list and board among the user's tasks since sign-in. */
  private seen = { cards: new Set<string>(), lists: new Set<string>(), boards: new Set<string>() };
  /**
   * The due date of the user's cards as last heard, for cards with only subtasks among the
   * tasks; forgotten when the channel has a gap, since a change may then have been missed.
   */
  private readonly cardDue = new Map<string, unknown>();
  /** List titles by id, from the tasks and from renamed lists. */
  private readonly listTitles = new Map<string, string>();
  private readonly resource: SyncedResource<MyTask[], Change>;

  constructor(
    private readonly gateway: MyTasksGateway,
    options: MyTasksStoreOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
    this.debounceMs = options.refetchDebounceMs ?? 300;
    this.cell = createStateCell<MyTasksState>(this.initial());
    this.resource = new SyncedResource<MyTask[], Change>({
      load: () => this.gateway.fetchMyTasks(),
      live: () =>
        this.gateway.changes(this.userId ?? '').pipe(
          map((signal): LiveEvent<Change> => {
            if (signal.kind === 'change') return { kind: 'change', change: signal };
            if (signal.kind === 'gap' || signal.status !== 'SUBSCRIBED') this.cardDue.clear();
            return signal;
          }),
        ),
      loaded: (tasks, held) => {
        this.remember(tasks);
        this.cell.set({ status: 'ready', tasks, today: localDateKey(this.now()) });
        for (const change of held) this.apply(change);
      },
      changed: (change) => this.apply(change),
      // Known tasks stay on screen when a refetch fails; the next change or reconnect retries.
      failed: (status) => this.cell.update((s) => ({ ...s, status })),
    });
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
    this.scheduleMidnight();
    this.resource.start();
  }

  /** Sign-out: forgets the tasks, closes the channel and the timer. */
  stop(): void {
    this.resource.stop();
    this.userId = null;
    this.seen = { cards: new Set(), lists: new Set(), boards: new Set() };
    this.cardDue.clear();
    this.listTitles.clear();
    if (this.midnight) clearTimeout(this.midnight);
    this.midnight = null;
    this.cell.set(this.initial());
  }

  /** Fetches the tasks again; the newest answer wins over one still on its way. */
  async load(): Promise<void> {
    if (this.userId) await this.resource.reload();
  }

  private remember(tasks: readonly MyTask[]): void {
    for (const task of tasks) {
      this.seen.cards.add(task.card_id);
      this.seen.lists.add(task.list_id);
      this.seen.boards.add(task.board_id);
      this.listTitles.set(task.list_id, task.list_title);
    }
  }

  private apply(change: Change): void {
    const effect = this.effectOf(change);
    if (effect === 'refetch') this.resource.reloadSoon(this.debounceMs);
    else if (effect !== 'none') this.cell.update((s) => ({ ...s, tasks: effect(s.tasks) }));
  }

  /** What a change does to the tasks (see the top of this file). */
  private effectOf({ table, row, event }: Change): Effect {
    const id = typeof row.id === 'string' ? row.id : null;
    switch (table) {
      case 'cards':
        if (id === null) return 'refetch';
        if (!this.seen.cards.has(id)) return 'none';
        // Gone for good (purged, or its list deleted): so are its tasks.
        if (event === 'DELETE') return withoutCard(id);
        return this.cardEffect(id, row);
      case 'lists':
        if (id === null) return 'refetch';
        if (!this.seen.lists.has(id)) return 'none';
        if (typeof row.title !== 'string') return 'refetch';
        return this.renameList(id, row.title);
      case 'boards':
        if (id === null) return 'refetch';
        if (!this.seen.boards.has(id)) return 'none';
        return this.cell.get().tasks.some((t) => t.board_id === id && t.board_title === row.title)
          ? 'none'
          : 'refetch';
      case 'card_assignees':
        return row.user_id === undefined || row.user_id === this.userId ? 'refetch' : 'none';
      case 'card_checklist_items':
        return 'refetch';
    }
  }

  private cardEffect(cardId: string, row: Row): Effect {
    const tasks = this.cell.get().tasks.filter((t) => t.card_id === cardId);
    // Not among the tasks now (finished, unassigned, deleted): a restore may bring it back.
    if (tasks.length === 0 || !hasColumns(row, cardColumns)) return 'refetch';
    const shown = tasks[0]!;
    // A subtask's date may be its own or its card's: the card's is known from a card task,
    // or from the card's last row heard.
    const cardTask = tasks.find((t) => t.kind === 'card');
    const dueBefore = cardTask ? cardTask.due_date : this.cardDue.get(cardId);
    this.cardDue.set(cardId, row.due_date);
    if (row.deleted_at !== null) return withoutCard(cardId);
    if (
      dueBefore === undefined ||
      row.due_date !== dueBefore ||
      row.title !== shown.card_title ||
      normalizePriority(row.priority) !== shown.priority ||
      row.board_id !== shown.board_id
    ) {
      return 'refetch';
    }
    if (row.list_id === shown.list_id) return 'none';
    const listId = String(row.list_id);
    const listTitle = this.listTitles.get(listId);
    if (listTitle === undefined) return 'refetch';
    this.seen.lists.add(listId);
    return (all) =>
      all.map((t) => (t.card_id === cardId ? { ...t, list_id: listId, list_title: listTitle } : t));
  }

  private renameList(listId: string, title: string): Effect {
    this.listTitles.set(listId, title);
    return (all) =>
      all.some((t) => t.list_id === listId && t.list_title !== title)
        ? all.map((t) => (t.list_id === listId ? { ...t, list_title: title } : t))
        : all;
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

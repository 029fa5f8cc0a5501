// The page's single instances of the stores, and their wiring to the session: signing in loads
// the user's boards, signing out clears every store (docs/product-spec.md §4: sign-out clears the user).
import {
  distinctUntilChanged,
  filter,
  map,
  merge,
  Subject,
  take,
  timer,
  type Subscription,
} from 'rxjs';
import { session$ } from '../kernel/session/session';
import { connection } from '../kernel/backend/connection';
import { BoardStore } from '../features/board/board-store';
import { supabaseBoardGateway } from '../features/board/board-gateway';
import { BoardsStore } from '../features/boards/boards-store';
import { membershipChanges } from '../features/boards/membership-changes';
import {
  deleteBoardRow,
  fetchMyBoards,
  insertBoard,
  setBoardArchived,
} from '../features/boards/boards-api';
import { importBoardDocument, type ImportedBoard } from '../features/transfer/transfer-api';
import { clearToasts, showToast } from '../kernel/toast/toast-store';
import { t } from '../kernel/i18n/t';
import { fetchMyTasks } from '../features/my-tasks/my-tasks-api';
import { myTaskChanges } from '../features/my-tasks/my-tasks-changes';
import { MyTasksStore } from '../features/my-tasks/my-tasks-store';
import { startReminders } from '../features/my-tasks/reminders';
import { notifySystem } from '../features/my-tasks/system-notifications';
import {
  fetchNotifications,
  markAllNotificationsRead,
  markNotificationsRead,
} from '../features/notifications/notifications-api';
import { NotificationsStore } from '../features/notifications/notifications-store';
import { userChannelEvents } from '../kernel/backend/user-channel';
import { probeWhileOffline } from '../kernel/backend/reachability';
import { deviceCopy } from '../features/board/device-copy';

export const boardsStore = new BoardsStore({
  fetchMyBoards,
  insertBoard,
  deleteBoardRow,
  setBoardArchived,
  changes: (userId) => membershipChanges(userId, connection),
  keep: (userId, boards) => void deviceCopy.keepList(userId, boards),
});
export const boardStore = new BoardStore(supabaseBoardGateway, connection);
/** The user's boards as the boards list has them: the topics 'Meine Aufgaben' follows. */
const listedBoardIds$ = boardsStore.state$.pipe(
  filter((state) => state.status === 'ready'),
  map((state) => state.boards.map((board) => board.id)),
);
export const myTasksStore = new MyTasksStore({
  fetchMyTasks,
  changes: (userId) => myTaskChanges(userId, listedBoardIds$),
});
export const notificationsStore = new NotificationsStore(
  {
    fetchNotifications,
    markNotificationsRead,
    markAllNotificationsRead,
    events: userChannelEvents,
  },
  () => showToast(t('notifications.markFailed'), 'error'),
);

/** A reminder stays a little longer than an ordinary message: it is read, not just glanced at. */
const REMINDER_MS = 10000;

/** 'Meine Aufgaben' loads after the board is shown, or after this long at the latest. */
const MY_TASKS_AT_THE_LATEST_MS = 2000;

let wiring: Subscription | null = null;
let myTasksStart: Subscription | null = null;

const boardShown$ = new Subject<void>();

/** The board's view says it has put a board on screen (after its paint, from an effect). */
export const noteBoardShown = (): void => boardShown$.next();

/**
 * When the board is on screen (or there is none to show): the first screen's requests do not
 * share the backend and the line with 'Meine Aufgaben', which only fills a badge and a
 * reminder. The board's data alone is not enough: on a second visit it arrives before the
 * board's code, and the request would go out before the board could show.
 */
const boardSettled$ = merge(
  boardShown$,
  boardStore.state$.pipe(filter((state) => state.status === 'error')),
  boardsStore.state$.pipe(
    filter((state) => state.status === 'error' || (state.status === 'ready' && !state.selectedId)),
  ),
  timer(MY_TASKS_AT_THE_LATEST_MS),
).pipe(take(1));

/** Connects the stores to the session; idempotent, called by the hooks on first use. */
export const startWorkspace = (): void => {
  if (wiring) return;
  // For the page's lifetime, like the session wiring below: reminders follow whoever signs in.
  startReminders(myTasksStore.state$, {
    toast: (message) => showToast(message, 'info', { durationMs: REMINDER_MS }),
    system: notifySystem,
  });
  wiring = session$
    .pipe(
      map((state) => (state.status === 'signedIn' ? state.user.id : state.status)),
      distinctUntilChanged(),
    )
    .subscribe((userOrStatus) => {
      myTasksStart?.unsubscribe();
      myTasksStart = null;
      if (userOrStatus === 'loading') return;
      if (userOrStatus === 'signedOut') {
        boardStore.close();
        boardsStore.reset();
        myTasksStore.stop();
        notificationsStore.stop();
        clearToasts();
        return;
      }
      // A board opened by another user's session must not survive a switch of accounts.
      if (boardsStore.getState().status !== 'idle') {
        boardStore.close();
        boardsStore.reset();
      }
      boardsStore.start(userOrStatus);
      // The list as this device last saw it, until the server's answer: with the remembered
      // board's copy (board-sync.ts) the board paints before any answer, and without a network.
      void deviceCopy.list(userOrStatus).then((boards) => {
        if (boards) boardsStore.showCopy(userOrStatus, boards);
      });
      // The board last shown on this device opens now, beside the board list rather than after
      // it: a second visit shows it one round trip sooner. The selection then opens the board
      // the list decides on; if that is another one (the remembered board is gone, or another
      // user's), opening it replaces this one.
      const remembered = boardsStore.remembered();
      if (remembered) boardStore.open(remembered);
      // The bell's count waits for the board too: it is a badge, not the first screen.
      myTasksStart = boardSettled$.subscribe(() => {
        myTasksStore.start(userOrStatus);
        notificationsStore.start(userOrStatus);
      });
    });
  // Offline, the backend is asked every second whether it is back (reachability.ts); once it
  // answers, a list that failed to load loads (the board store resyncs its board itself).
  wiring.add(probeWhileOffline(connection).subscribe());
  wiring.add(
    connection.status$
      .pipe(filter((status) => status === 'online'))
      .subscribe(() => boardsStore.resync()),
  );
  // The board the list selects opens at once, not after the page has rendered the list and
  // the board's view has mounted: its snapshot is the next request on the way to the board.
  wiring.add(
    boardsStore.state$
      .pipe(
        map((state) => (state.status === 'ready' ? state.selectedId : null)),
        distinctUntilChanged(),
      )
      .subscribe((boardId) => {
        if (boardId) boardStore.open(boardId);
      }),
  );
};

/**
 * Imports a board document as a new board of the user and selects it. Errors are
 * thrown as ApiError: the import dialog words them, since a refused file needs its own message.
 */
export const importBoard = async (document: object): Promise<ImportedBoard> => {
  const result = await importBoardDocument(document);
  boardsStore.adopt(result.board);
  return result;
};

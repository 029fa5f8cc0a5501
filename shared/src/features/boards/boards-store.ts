// The user's boards and which one is selected. Selection lives here rather than in the shell
// so that a remote running standalone follows the same rule (the first board is selected when
// none is, docs/product-spec.md §4) and so that deleting a board moves the selection in one place.
import { EMPTY, type Observable } from 'rxjs';
import type { Board } from '../../domain/types';
import { createStateCell } from '../../kernel/state/state-cell';
import { PatchStack } from '../../kernel/state/patch-stack';
import { SyncedResource, type LiveEvent } from '../../kernel/backend/synced-resource';
import { newId } from '../../domain/new-id';
import type { deleteBoardRow, fetchMyBoards, insertBoard, setBoardArchived } from './boards-api';
import type { MembershipChange } from './membership-changes';
import { isNetworkError, isPermissionError } from '../../kernel/backend/api-error';
import { showToast } from '../../kernel/toast/toast-store';
import { t, type TextKey } from '../../kernel/i18n/t';
import { tooLongText } from '../../domain/text-limits';

/**
 * Why a create or delete did not happen. Unlike the board's edits these are not queued while
 * the backend is away (the new board is selected by its answer; a removal is rare and final),
 * so they are refused in words that say it was the connection.
 */
const failureText = (error: unknown, failure: TextKey): string =>
  tooLongText(error) ??
  t(
    isNetworkError(error)
      ? 'connection.notSent'
      : isPermissionError(error)
        ? 'errors.notAllowed'
        : failure,
  );

export type BoardsStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface BoardsState {
  status: BoardsStatus;
  boards: readonly Board[];
  selectedId: string | null;
}

export interface BoardsApi {
  fetchMyBoards: typeof fetchMyBoards;
  insertBoard: typeof insertBoard;
  deleteBoardRow: typeof deleteBoardRow;
  setBoardArchived: typeof setBoardArchived;
  /** Says when the user's set of boards may have changed (membership-changes.ts). */
  changes?(userId: string): Observable<LiveEvent<MembershipChange>>;
  /** Keeps the list the server sent on the device (features/board/device-copy.ts). */
  keep?(userId: string, boards: readonly Board[]): void;
}

/** A burst of membership changes (a board deleted with its members) costs one reload. */
const CHANGES_DEBOUNCE_MS = 150;

/** Where the selected board is remembered, so a reload shows the same board again. */
export interface SelectionMemory {
  read(): string | null;
  write(boardId: string | null): void;
}

/** Also read by the shell page's boot script (the board picture of the app's start address). */
export const selectedBoardStorageKey = 'taskflow.selected-board';
const storageKey = selectedBoardStorageKey;

/** The browser's localStorage; a stored id the user cannot see is simply not selected. */
export const localSelectionMemory: SelectionMemory = {
  read: () => {
    try {
      return globalThis.localStorage?.getItem(storageKey) ?? null;
    } catch {
      return null;
    }
  },
  write: (boardId) => {
    try {
      if (boardId) globalThis.localStorage?.setItem(storageKey, boardId);
      else globalThis.localStorage?.removeItem(storageKey);
    } catch {
      // Storage may be full or disabled; the selection then lasts until the reload.
    }
  },
};

const initial: BoardsState = { status: 'idle', boards: [], selectedId: null };

const withSelection = (boards: readonly Board[], selectedId: string | null): string | null =>
  selectedId && boards.some((b) => b.id === selectedId) ? selectedId : (boards[0]?.id ?? null);

const withoutBoard =
  (boardId: string) =>
  (state: BoardsState): BoardsState => {
    const boards = state.boards.filter((b) => b.id !== boardId);
    return { ...state, boards, selectedId: withSelection(boards, state.selectedId) };
  };

export class BoardsStore {
  private readonly cell = createStateCell<BoardsState>(initial);
  /** What the server confirmed, and the selection; shown with pending removals drawn over it. */
  private base: BoardsState = initial;
  private readonly patches = new PatchStack<BoardsState>();
  private userId: string | null = null;
  /** What changed since the last load: tells a board deleted from a membership ended. */
  private readonly heard = new Set<MembershipChange>();
  /** Boards the user is archiving or deleting: their leaving the list is no news to them. */
  private readonly leaving = new Set<string>();
  /** The list is small: any change reloads it. */
  private readonly resource = new SyncedResource<Board[], MembershipChange>({
    load: () => this.api.fetchMyBoards(),
    live: () => (this.userId && this.api.changes?.(this.userId)) || EMPTY,
    loaded: (boards, held) => {
      const before = this.base;
      this.setBase((s) => ({
        status: 'ready',
        boards,
        selectedId: withSelection(boards, s.selectedId ?? this.memory.read()),
      }));
      this.tellLoss(before, boards);
      if (this.userId) this.api.keep?.(this.userId, boards);
      if (held.length > 0) this.resource.reloadSoon(CHANGES_DEBOUNCE_MS);
    },
    changed: (change) => {
      this.heard.add(change);
      this.resource.reloadSoon(CHANGES_DEBOUNCE_MS);
    },
    failed: () => this.publishStatus(),
  });

  /**
   * The board on screen left the list by someone else's hand: the member is told which, and
   * why, rather than switched away silently. Removed from the board, or the board archived or
   * deleted by its owner: the membership's own change tells them apart.
   */
  private tellLoss(before: BoardsState, boards: readonly Board[]): void {
    const lost = before.boards.find((b) => b.id === before.selectedId);
    const removed = this.heard.has('board_members') && !this.heard.has('boards');
    this.heard.clear();
    if (!lost || this.leaving.has(lost.id) || boards.some((b) => b.id === lost.id)) return;
    const text = removed ? 'archive.removedFromBoard' : 'archive.boardGone';
    showToast(t(text, { title: lost.title }), 'info');
  }

  constructor(
    private readonly api: BoardsApi,
    private readonly memory: SelectionMemory = localSelectionMemory,
  ) {
    // Every change of the selection is remembered; sign-out (reset) keeps it for the next visit.
    this.cell.subscribe(() => {
      const { status, selectedId } = this.cell.get();
      if (status === 'ready') this.memory.write(selectedId);
    });
  }

  readonly state$ = this.cell.value$;
  readonly getState = (): BoardsState => this.cell.get();
  readonly subscribe = (listener: () => void): (() => void) => this.cell.subscribe(listener);

  private setBase(change: (base: BoardsState) => BoardsState): void {
    this.base = change(this.base);
    this.publish();
  }

  private publish(): void {
    this.cell.set(this.patches.drawOver(this.base));
  }

  /** A list on screen (loaded, or a board adopted) stays 'ready'; else the resource's status. */
  private publishStatus(): void {
    this.setBase((s) => ({
      ...s,
      status: s.status === 'ready' ? 'ready' : this.resource.status,
    }));
  }

  /** Loads the user's boards and follows their changes (signed in as `userId`). */
  start(userId: string): void {
    this.userId = userId;
    this.resource.start();
    this.publishStatus();
  }

  /**
   * The list as the device kept it, shown until the server's answer comes (or while none
   * comes: the backend away). Ignored once the server has answered, or for another user.
   */
  showCopy(userId: string, boards: readonly Board[]): void {
    if (userId !== this.userId || this.base.status === 'ready') return;
    this.setBase((s) => ({
      status: 'ready',
      boards,
      selectedId: withSelection(boards, s.selectedId ?? this.memory.read()),
    }));
  }

  /** The backend answers again: a list whose last load failed loads now. */
  resync(): void {
    if (this.resource.status === 'error') void this.load();
  }

  /** Loads the list (again); the newest answer wins over one still on its way. */
  async load(): Promise<void> {
    const loading = this.resource.reload();
    this.publishStatus();
    await loading;
  }

  /** The board last selected on this device (it may since have gone, or be another user's). */
  remembered(): string | null {
    return this.memory.read();
  }

  /**
   * Remembers a board as if it had been selected: the one a link names (the shell's router),
   * so the list's first load selects it and its snapshot starts with the session check.
   */
  remember(boardId: string): void {
    this.memory.write(boardId);
  }

  reset(): void {
    this.userId = null;
    this.resource.stop();
    this.patches.clear();
    this.setBase(() => initial);
  }

  select(boardId: string): void {
    if (!this.cell.get().boards.some((b) => b.id === boardId)) return;
    this.setBase((s) => ({ ...s, selectedId: boardId }));
  }

  /** Creates a board and selects it at once (docs/product-spec.md §4); null when blank or refused. */
  async create(title: string): Promise<Board | null> {
    const name = title.trim();
    if (!name) return null;
    try {
      const board = await this.api.insertBoard({ id: newId(), title: name });
      this.adopt(board);
      return board;
    } catch (error) {
      showToast(failureText(error, 'errors.createFailed'), 'error');
      return null;
    }
  }

  /** Adds a board the server has just created for the user (an import) and selects it. */
  adopt(board: Board): void {
    this.setBase((s) => ({
      status: 'ready',
      boards: [board, ...s.boards.filter((b) => b.id !== board.id)],
      selectedId: board.id,
    }));
  }

  /**
   * Deletes the board for good (from the archive or its settings, after its name was typed),
   * and says so, naming it.
   */
  async remove(board: Pick<Board, 'id' | 'title'>): Promise<boolean> {
    const done = await this.leave(
      board.id,
      () => this.api.deleteBoardRow(board.id),
      'errors.deleteFailed',
    );
    if (done) showToast(t('archive.boardDeleted', { title: board.title }), 'success');
    return done;
  }

  /**
   * 'Board löschen': the board goes into the archive, out of every member's list (theirs
   * reload on the board's UPDATE), with 'Rückgängig' in a toast and 'Wiederherstellen' in the
   * archive until it is purged 30 days later (20261126006000_archive).
   */
  async archive(board: Board): Promise<boolean> {
    const done = await this.leave(
      board.id,
      () => this.api.setBoardArchived(board.id, true),
      'errors.archiveFailed',
    );
    if (done) {
      showToast(t('archive.boardArchived', { title: board.title }), 'info', {
        action: { label: t('card.undo'), run: () => void this.restore(board) },
        focus: true,
      });
    }
    return done;
  }

  /** Back from the archive: listed again, and selected, as a board just made. */
  async restore(board: Board): Promise<boolean> {
    try {
      await this.api.setBoardArchived(board.id, false);
    } catch (error) {
      showToast(failureText(error, 'archive.restoreFailed'), 'error');
      return false;
    }
    this.adopt({ ...board, archived_at: null });
    return true;
  }

  /**
   * Takes the board off the list at once; it comes back with a message if the server refuses.
   * The removal is a pending patch, so a refusal drops it and keeps whatever changed meanwhile
   * (a reload, another selection).
   */
  private async leave(
    boardId: string,
    send: () => Promise<void>,
    failure: TextKey,
  ): Promise<boolean> {
    const removal = withoutBoard(boardId);
    const patch = this.patches.push(removal);
    this.leaving.add(boardId);
    this.publish();
    try {
      await send();
      this.patches.drop(patch);
      this.setBase(removal);
      return true;
    } catch (error) {
      this.patches.drop(patch);
      this.publish();
      showToast(failureText(error, failure), 'error');
      return false;
    } finally {
      this.leaving.delete(boardId);
    }
  }
}

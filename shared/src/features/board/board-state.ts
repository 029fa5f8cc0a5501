// The board as the store shows it: `base`, what the server has confirmed, with the user's
// pending patches drawn over it. Server news reaches `base` only through the pure, idempotent
// reducer (board-data.ts); both the sync engine and the command runner write through here.
import type { BoardData } from '../../domain/types';
import { createStateCell } from '../../kernel/state/state-cell';
import { PatchStack } from '../../kernel/state/patch-stack';
import { AnswerGuard } from '../../kernel/backend/synced-resource';
import { applyRowChange } from './board-data';
import { OwnEchoes } from './own-echoes';
import type { RowChange } from './row-change';

export type BoardStatus = 'idle' | 'loading' | 'ready' | 'notFound' | 'error';

export interface BoardStoreState {
  status: BoardStatus;
  boardId: string | null;
  data: BoardData | null;
}

const idle: BoardStoreState = { status: 'idle', boardId: null, data: null };

export class BoardState {
  private readonly cell = createStateCell(idle);
  private base: BoardData | null = null;
  private readonly patches = new PatchStack<BoardData>();
  /** Counts the news applied to base: `mark` and `settle` tell by it what came meanwhile. */
  private seq = 0;
  /** Answered own writes whose echo is still to come: older news must not hide them. */
  private readonly echoes = new OwnEchoes();
  /** Reset whenever the board shown changes, so that answers for an earlier one are dropped. */
  private readonly answers = new AnswerGuard();

  readonly value$ = this.cell.value$;
  readonly get = (): BoardStoreState => this.cell.get();
  readonly subscribe = (listener: () => void): (() => void) => this.cell.subscribe(listener);

  /** The confirmed board, or null while none is loaded. */
  get confirmed(): BoardData | null {
    return this.base;
  }

  get generation(): number {
    return this.answers.generation;
  }

  /** Forgets the board and every pending edit, and shows `status` for `boardId`. */
  reset(status: BoardStatus = 'idle', boardId: string | null = null): void {
    this.answers.reset();
    this.base = null;
    this.patches.clear();
    this.echoes.clear();
    this.cell.set({ status, boardId, data: null });
  }

  /** The board is gone or could not be loaded: nothing to show, nothing pending. */
  lose(status: 'notFound' | 'error'): void {
    this.base = null;
    this.patches.clear();
    this.cell.set({ status, boardId: this.cell.get().boardId, data: null });
  }

  /** A freshly loaded board; edits still on their way stay drawn over it. */
  load(data: BoardData): void {
    this.base = data;
    this.echoes.clear();
    this.publish('ready');
  }

  /** Whether the change being published now is news from the server (see `publishingNews`). */
  private inNews = false;

  /** News from the server, in commit order. */
  applyNews(change: RowChange): void {
    if (!this.base) return;
    this.seq += 1;
    this.base = applyRowChange(this.base, change);
    const ownLater = this.echoes.heard(this.seq, change);
    if (ownLater) this.base = applyRowChange(this.base, ownLater);
    this.inNews = true;
    try {
      this.publish();
    } finally {
      this.inNews = false;
    }
  }

  /**
   * True while subscribers hear of news from the server (another member's change), false for
   * the user's own edits and loads: a view may render the news without haste (use-board.ts).
   */
  get publishingNews(): boolean {
    return this.inNews;
  }

  /** Where the news stands now; pass it to `settle` with the rows the write gets back. */
  mark(): number {
    return this.seq;
  }

  /**
   * An own write succeeded: its patch gives way to the rows the server sent back, which then
   * wait for their echo (own-echoes.ts). A row whose echo already came is left as the news has
   * it: anything after the echo is newer.
   */
  settle(patchId: number, changes: readonly RowChange[], sentAt: number): void {
    for (const change of changes) {
      if (!this.base) break;
      if (this.echoes.echoedSince(sentAt, change)) continue;
      this.base = applyRowChange(this.base, change);
      this.echoes.expect(change);
    }
    this.dropPatch(patchId);
  }

  pushPatch(apply: (data: BoardData) => BoardData): number {
    const id = this.patches.push(apply);
    this.publish();
    return id;
  }

  /** The rollback of a refused write: its patch is dropped, whatever arrived meanwhile stays. */
  dropPatch(id: number): void {
    this.patches.drop(id);
    this.publish();
  }

  private publish(status: BoardStatus = this.cell.get().status): void {
    const { boardId } = this.cell.get();
    const data = this.base && this.patches.drawOver(this.base);
    this.cell.set({ status, boardId, data });
  }
}

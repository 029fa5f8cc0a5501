// The board store: one instance per page (shared is a module-federation singleton), holding the
// selected board for the shell and every remote.
//
// Why it is built this way:
// - One round trip: `open()` loads the whole board with the board_snapshot RPC, with the
//   realtime channel joined first and its changes buffered until the snapshot is in. After that
//   no change causes a refetch, except a rejoin after a gap in the stream. That is the sync
//   engine (board-sync.ts); commands never load anything.
// - Two paths (docs/style.md, practice 4): changes from the server go into `base` through a pure, idempotent
//   reducer (board-data.ts: the same change twice gives the same state). The user's own edits
//   are kept as a stack of pending patches drawn over `base`; the visible state is base +
//   pending (board-state.ts). A refused write just drops its patch, which is the whole
//   rollback, and is correct even when other users' changes arrived meanwhile.
// - Commands as data: every edit is one record of optimistic patch, request and German failure
//   text (commands/, one file per entity), run the same way below, so an edit is written once.
// - Ordering: realtime delivers in commit order, so it is the arbiter. The row a write gets back
//   is applied to base only if no newer news about that row has arrived since the write was sent,
//   so a slow HTTP answer never overwrites a later change.
// - Offline: an edit that gets no answer (fetch threw, see isNetworkError) is not rolled back,
//   since the user's work would be lost for a fault that is not theirs. Its patch stays, and it
//   waits in the outbox (board-outbox.ts) with every later edit, to be sent in order when the
//   connection is back (connection.ts: the socket rejoins, or a waiting edit gets through). The
//   command then resolves as if agreed, so a new card opens at once; a later refusal still rolls
//   back with the German message. A refusal (4xx, row-level security) is never queued. A
//   retried insert that meets its own row (duplicate key) had reached the server before the
//   connection broke: it counts as sent, and the resync after the reconnect shows the row.
import { filter, type Subscription } from 'rxjs';
import type { BoardPatch } from './api/board-api';
import type { CardPatch } from './api/cards-api';
import type { LabelPatch } from './api/labels-api';
import type { ChecklistPatch, NewChecklistItem } from './api/checklist-api';
import type { InviteResult } from './api/members-api';
import {
  isDuplicateError,
  isNetworkError,
  isPermissionError,
} from '../../kernel/backend/api-error';
import { Connection } from '../../kernel/backend/connection';
import { showToast } from '../../kernel/toast/toast-store';
import { t } from '../../kernel/i18n/t';
import { boardCommands } from './commands/board-commands';
import type { CardPlace } from './commands/cards';
import type { BoardCommand } from './commands/command';
import type { Between } from '../../domain/positions';
import { tooLongText } from '../../domain/text-limits';
import type { BoardGateway } from './board-gateway';
import { Outbox, type Delivery } from './board-outbox';
import { BoardState, type BoardStoreState } from './board-state';
import { BoardSync } from './board-sync';
import { insertOrUpdate } from './row-change';

export type { BoardStatus, BoardStoreState } from './board-state';

/** One edit on its way: the command, its patch, and the board it was made on. */
interface Edit {
  command: BoardCommand;
  serial: number;
  patch: number;
  generation: number;
  /** An earlier attempt got no answer; the server may have applied it nonetheless. */
  retried: boolean;
}

type Commands = typeof boardCommands;
type Args<K extends keyof Commands> = Commands[K] extends (c: never, ...args: infer A) => unknown
  ? A
  : never;

export class BoardStore {
  private readonly state = new BoardState();
  private readonly sync: BoardSync;
  private readonly outbox = new Outbox<Edit>((edit) => this.deliver(edit));
  /** The last edit sent or queued by run(), and how many are unanswered: the next one waits. */
  private lastTurn: Promise<unknown> = Promise.resolve();
  private unanswered = 0;
  private serial = 0;
  /** Sends what waits as soon as the connection is back; held while a board is open. */
  private flushOnReconnect: Subscription | null = null;

  /** `connection`: the page's one (workspace.ts); a store of its own in tests. */
  constructor(
    private readonly gateway: BoardGateway,
    private readonly connection: Connection = new Connection(),
  ) {
    this.sync = new BoardSync(gateway, this.state, connection);
  }

  readonly state$ = this.state.value$;
  readonly getState = (): BoardStoreState => this.state.get();
  readonly subscribe = (listener: () => void): (() => void) => this.state.subscribe(listener);
  /** Whether the change subscribers hear of right now is another member's (server news). */
  readonly isPublishingNews = (): boolean => this.state.publishingNews;

  /** Shows a board; calling it again with the same id does nothing. */
  open(boardId: string): void {
    this.flushOnReconnect ??= this.connection.status$
      .pipe(filter((status) => status === 'online'))
      .subscribe(() => void this.outbox.flush());
    this.sync.open(boardId);
  }

  /**
   * Leaves the board: drops the channel, the data and every pending edit, also those waiting
   * for the connection (called on sign-out, when there is no one left to send them as).
   */
  close(): void {
    this.flushOnReconnect?.unsubscribe();
    this.flushOnReconnect = null;
    this.outbox.clear();
    this.sync.close();
  }

  /** Loads the snapshot again (after a failed load, or a gap in the realtime stream). */
  reload(): void {
    this.sync.reload();
  }

  // ---- commands (commands/, one file per entity): each resolves true (or the new row's id)
  // when the server agreed ----

  addCard = (listId: string, title: string) => this.create('addCard', listId, title);
  updateCard = (cardId: string, patch: CardPatch) => this.edit('updateCard', cardId, patch);
  /** Between two cards of a list, as the user dropped it: `{ listId, after, before }`. */
  moveCard = (cardId: string, to: CardPlace) => this.edit('moveCard', cardId, to);
  /** For good, at once (docs/product-spec.md §4); the app deletes undoably with softDeleteCard instead. */
  deleteCard = (cardId: string) => this.edit('deleteCard', cardId);
  /** Undoable: restoreCard reverses it; the server purges the card 30 s later. */
  softDeleteCard = (cardId: string) => this.edit('softDeleteCard', cardId);
  restoreCard = (cardId: string) => this.edit('restoreCard', cardId);
  /** Off the board into the 'Archiv' (true), or back (false); purged after 30 days. */
  setCardArchived = (cardId: string, archived: boolean) =>
    this.edit('setCardArchived', cardId, archived);
  setAssigned = (cardId: string, userId: string, assigned: boolean) =>
    this.edit('setAssigned', cardId, userId, assigned);
  setTagged = (cardId: string, labelId: string, tagged: boolean) =>
    this.edit('setTagged', cardId, labelId, tagged);

  addList = (title: string) => this.create('addList', title);
  renameList = (listId: string, title: string) => this.edit('renameList', listId, title);
  /** Between two lists, by id (null at an end). */
  moveList = (listId: string, between: Between) => this.edit('moveList', listId, between);
  /** With its cards, as for a card. */
  setListArchived = (listId: string, archived: boolean) =>
    this.edit('setListArchived', listId, archived);
  deleteList = (listId: string) => this.edit('deleteList', listId);

  createLabel = (name: string, color: string) => this.create('createLabel', name, color);
  updateLabel = (labelId: string, patch: LabelPatch) => this.edit('updateLabel', labelId, patch);
  deleteLabel = (labelId: string) => this.edit('deleteLabel', labelId);

  addChecklistItem = (cardId: string, fields: NewChecklistItem) =>
    this.create('addChecklistItem', cardId, fields);
  updateChecklistItem = (itemId: string, patch: ChecklistPatch) =>
    this.edit('updateChecklistItem', itemId, patch);
  deleteChecklistItem = (itemId: string) => this.edit('deleteChecklistItem', itemId);

  addComment = (cardId: string, text: string) => this.edit('addComment', cardId, text);
  editComment = (commentId: string, text: string) => this.edit('editComment', commentId, text);
  deleteComment = (commentId: string) => this.edit('deleteComment', commentId);

  /** Title and background, the owner's. */
  updateBoard = (patch: BoardPatch) => this.edit('updateBoard', patch);

  removeMember = (memberId: string) => this.edit('removeMember', memberId);

  /** Not optimistic: the outcome (added, unknown, already a member) decides what is shown. */
  async inviteMember(email: string): Promise<InviteResult | null> {
    const address = email.trim().toLowerCase();
    const board = this.state.confirmed;
    if (!address || !board) return null;
    const generation = this.state.generation;
    const sentAt = this.connection.sending();
    let result: InviteResult;
    try {
      result = await this.gateway.api.inviteMemberByEmail(board.board.id, address);
      this.connection.answered(sentAt);
    } catch (error) {
      if (!isNetworkError(error)) throw error;
      // Not queued: the answer decides what the dialog shows, so it is refused in words.
      this.connection.unreachable();
      throw new Error(t('connection.notSent'), { cause: error });
    }
    if (result.status === 'added' && generation === this.state.generation) {
      this.state.applyNews(insertOrUpdate('board_members', result.member));
    }
    return result;
  }

  private command<K extends keyof Commands>(name: K, args: Args<K>): BoardCommand | null {
    const data = this.state.get().data;
    if (!data || !this.state.confirmed) return null;
    const make = boardCommands[name] as (...all: unknown[]) => BoardCommand | null;
    return make({ data, userId: this.gateway.currentUserId() }, ...args);
  }

  private edit<K extends keyof Commands>(name: K, ...args: Args<K>): Promise<boolean> {
    return this.run(this.command(name, args));
  }

  private async create<K extends keyof Commands>(
    name: K,
    ...args: Args<K>
  ): Promise<string | null> {
    const command = this.command(name, args);
    return command && (await this.run(command)) ? (command.createdId ?? null) : null;
  }

  /**
   * Shows the edit at once and sends it, or queues it behind edits still waiting for the
   * connection. Resolves false only when the server refused it.
   */
  private async run(command: BoardCommand | null): Promise<boolean> {
    if (!command) return false;
    this.serial += 1;
    const edit: Edit = {
      command,
      serial: this.serial,
      patch: this.state.pushPatch(command.optimistic),
      generation: this.state.generation,
      retried: false,
    };
    return (await this.inTurn(edit)) !== 'refused';
  }

  /**
   * Sends an edit once the edits before it are answered, so they reach the server in the order
   * the user made them: two writes of one row in flight at once (a card moved on and back in a
   * blink) could land in either order and leave the row where the user did not. Behind edits
   * still waiting for the connection it waits in the outbox too.
   */
  private inTurn(edit: Edit): Promise<Delivery | 'queued'> {
    const send = async () => {
      if (this.outbox.size > 0) {
        this.outbox.add(edit);
        return 'queued' as const;
      }
      const delivery = await this.deliver(edit);
      if (delivery === 'unreachable') {
        this.outbox.add(edit);
        this.outbox.retryLater();
      }
      return delivery;
    };
    // With nothing unanswered the edit goes out at once, in this call: what arrives from the
    // server from now on is news to it (deliver marks the moment).
    const turn = this.unanswered === 0 ? send() : this.lastTurn.then(send);
    this.unanswered += 1;
    this.lastTurn = turn.then(
      () => void (this.unanswered -= 1),
      () => void (this.unanswered -= 1),
    );
    return turn;
  }

  /** One attempt: keeps the edit by the server's answer, drops it on a refusal. */
  private async deliver(edit: Edit): Promise<Delivery> {
    const sentAt = this.state.mark();
    const sentAtBreak = this.connection.sending();
    const onShownBoard = () => edit.generation === this.state.generation;
    try {
      const confirmed = await edit.command.request(this.gateway.api);
      this.connection.answered(sentAtBreak);
      if (onShownBoard()) this.state.settle(edit.patch, confirmed, sentAt);
      return 'sent';
    } catch (error) {
      if (isNetworkError(error)) {
        this.connection.unreachable();
        edit.retried = true;
        return 'unreachable';
      }
      this.connection.answered(sentAtBreak);
      if (onShownBoard()) this.state.dropPatch(edit.patch);
      if (edit.retried && isDuplicateError(error)) return 'sent';
      if (onShownBoard() || edit.retried) {
        showToast(
          tooLongText(error) ??
            t(isPermissionError(error) ? 'errors.notAllowed' : edit.command.failure),
          'error',
        );
      }
      return 'refused';
    }
  }
}

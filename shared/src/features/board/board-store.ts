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
// - Row versions (migration 20261126015000_row_versions): an in-place change sends the version
//   of the row it was based on, so a write made offline never silently overwrites a newer change
//   by someone else. Versions the user's own earlier writes produced count as seen (two quick
//   edits of one card are not a conflict with oneself). When the server refuses (PT409), the
//   stored row decides: the edit is there already (a retry of a write that got through), nobody
//   touched the edited columns (sent again on the new version), or they did, and the user chooses
//   (edit-conflicts.ts) while the edits behind it wait.
import { filter, take, type Subscription } from 'rxjs';
import type { BoardPatch } from './api/board-api';
import type { CardPatch } from './api/cards-api';
import type { LabelPatch } from './api/labels-api';
import type { ChecklistPatch, NewChecklistItem } from './api/checklist-api';
import type { InviteResult } from './api/members-api';
import {
  isConflictError,
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
import { recordIds, withIds } from '../../domain/new-id';
import type { StoredEdit } from '../../kernel/offline/outbox-db';
import { tooLongText } from '../../domain/text-limits';
import type { BoardGateway, BoardWriteApi } from './board-gateway';
import { EditConflicts } from './edit-conflicts';
import { forgetStoredEditsNote, mayHaveStoredEdits, noteStoredEdits } from './device-marker';
import { sameRow } from './own-echoes';
import { Outbox, type Delivery } from './board-outbox';
import { BoardState, type BoardStoreState } from './board-state';
import { BoardSync } from './board-sync';
import { insertOrUpdate, type BoardTable, type RowChange } from './row-change';

export type { BoardStatus, BoardStoreState } from './board-state';

/** One edit on its way: the command, its patch, and the board it was made on. */
interface Edit {
  command: BoardCommand;
  serial: number;
  patch: number;
  generation: number;
  /** An earlier attempt got no answer; the server may have applied it nonetheless. */
  retried: boolean;
  /** It waited for the connection: it goes out with the version of the row it was based on. */
  waited: boolean;
  /** For an in-place change of a versioned row: the row as the edit saw it. */
  basis?: Basis;
  /** Its record on the device (kernel/offline/outbox-db.ts) once it had to wait; null if none. */
  stored?: Promise<number | null>;
}

/** How a command was made, so that it can be made again from the device's copy. */
interface Made {
  name: string;
  args: unknown[];
  ids: string[];
}

/** The device's outbox, loaded when first needed (not part of the page's first load). */
const device = () => import('../../kernel/offline/outbox-db');

/** The row an in-place change was based on: its version, and the edited columns then and now. */
interface Basis {
  table: BoardTable;
  id: string;
  version: number;
  seen: Record<string, unknown>;
  changes: Record<string, unknown>;
}

/** The write that changes one row of each versioned table, by id. */
const updateOf: Partial<Record<BoardTable, keyof BoardWriteApi>> = {
  cards: 'updateCardRow',
  lists: 'updateListRow',
  board_labels: 'updateLabelRow',
  card_checklist_items: 'updateChecklistItemRow',
  card_comments: 'updateCommentRow',
};

/** Whether two rows hold the same value in `column` (as realtime and REST may format it). */
const sameIn = (table: BoardTable, column: string, a: object, b: object): boolean =>
  sameRow(
    insertOrUpdate(table, { [column]: (a as Record<string, unknown>)[column] ?? null }),
    insertOrUpdate(table, { [column]: (b as Record<string, unknown>)[column] ?? null }),
  );

type Commands = typeof boardCommands;
type Args<K extends keyof Commands> = Commands[K] extends (c: never, ...args: infer A) => unknown
  ? A
  : never;

export class BoardStore {
  private readonly state = new BoardState();
  private readonly sync: BoardSync;
  private readonly outbox = new Outbox<Edit>(async (edit) => {
    const delivery = await this.deliver(edit);
    if (delivery !== 'unreachable') this.forgetStored(edit);
    return delivery;
  });
  /** How each command was made (name, arguments, ids), for the device's copy. */
  private readonly made = new WeakMap<BoardCommand, Made>();
  /** The device records this page keeps (made here or taken over), so none is replayed twice. */
  private readonly storedKeys = new Set<number>();
  /** Replays the device's edits for the board once its snapshot is in. */
  private replayOnLoad: Subscription | null = null;
  /** The last edit sent or queued by run(), and how many are unanswered: the next one waits. */
  private lastTurn: Promise<unknown> = Promise.resolve();
  private unanswered = 0;
  private serial = 0;
  /** Sends what waits as soon as the connection is back; held while a board is open. */
  private flushOnReconnect: Subscription | null = null;
  /** Per row (`table:id`), the versions the user's own writes produced on this page. */
  private readonly ownVersions = new Map<string, Set<number>>();

  /** Conflicts between the user's edits and newer changes by others, for the shell to ask. */
  readonly conflicts = new EditConflicts();

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
      .subscribe(() => {
        this.sync.resync();
        void this.outbox.flush();
      });
    const shown = this.state.get();
    if (shown.boardId === boardId && shown.status !== 'idle') return;
    this.sync.open(boardId);
    this.replayOnLoad?.unsubscribe();
    this.replayOnLoad = this.state.value$
      .pipe(
        filter((state) => state.boardId === boardId && state.status === 'ready'),
        take(1),
      )
      .subscribe(() => {
        void this.replayStored(boardId);
        // Under the service worker (shell/public/sw.js) the device's outbox is loaded now, so
        // that the worker keeps its code: after a start without a network an edit can wait.
        if (globalThis.navigator?.serviceWorker?.controller) void device().catch(() => undefined);
      });
  }

  /** Whether edits wait for an answer (the tab asks before it closes). */
  get hasUnsent(): boolean {
    return this.outbox.size > 0 || this.unanswered > 0;
  }

  /** How many of the user's edits wait, on this device (every tab and board) or on their way. */
  async unsentEdits(): Promise<number> {
    const userId = this.gateway.currentUserId();
    const here = Math.max(this.outbox.size, this.unanswered);
    if (!userId || !mayHaveStoredEdits(userId)) return here;
    try {
      return Math.max(here, await (await device()).countEdits(userId));
    } catch {
      return here;
    }
  }

  /** Sign-out: the device forgets the user's waiting edits and the boards it kept. */
  async forgetDevice(): Promise<void> {
    const userId = this.gateway.currentUserId();
    if (!userId) return;
    await this.gateway.copy?.forget(userId);
    if (!mayHaveStoredEdits(userId)) return;
    try {
      await (await device()).forgetUser(userId);
      forgetStoredEditsNote(userId);
    } catch {
      // No IndexedDB (a private window may refuse it): there was nothing stored.
    }
  }

  /**
   * Leaves the board: drops the channel, the data and every pending edit, also those waiting
   * for the connection (called on sign-out, when there is no one left to send them as).
   */
  close(): void {
    this.flushOnReconnect?.unsubscribe();
    this.flushOnReconnect = null;
    this.replayOnLoad?.unsubscribe();
    this.replayOnLoad = null;
    this.storedKeys.clear();
    this.outbox.clear();
    this.conflicts.clear();
    this.ownVersions.clear();
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

  /** Not optimistic: the outcome (invited, already a member, invalid) decides what is shown. */
  async inviteMember(email: string): Promise<InviteResult | null> {
    const address = email.trim().toLowerCase();
    const board = this.state.confirmed;
    if (!address || !board) return null;
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
    // Nobody joins by this call (the invitee accepts, or registers): the member list shows a
    // new member when the membership arrives over the board's channel.
    return result;
  }

  private command<K extends keyof Commands>(name: K, args: Args<K>): BoardCommand | null {
    const data = this.state.get().data;
    if (!data || !this.state.confirmed) return null;
    const make = boardCommands[name] as (...all: unknown[]) => BoardCommand | null;
    const { made, ids } = recordIds(() =>
      make({ data, userId: this.gateway.currentUserId() }, ...args),
    );
    if (made) this.made.set(made, { name, args: [...args], ids });
    return made;
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
    const basis = this.basisOf(command);
    const edit: Edit = {
      command,
      serial: this.serial,
      patch: this.state.pushPatch(command.optimistic),
      generation: this.state.generation,
      retried: false,
      waited: false,
      ...(basis ? { basis } : {}),
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
        this.queue(edit);
        return 'queued' as const;
      }
      const delivery = await this.deliver(edit);
      if (delivery === 'unreachable') {
        this.queue(edit);
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

  private queue(edit: Edit): void {
    edit.waited = true;
    this.outbox.add(edit);
    this.store(edit);
  }

  /** Keeps a waiting edit on the device, so that a reload does not lose it. */
  private store(edit: Edit): void {
    const made = this.made.get(edit.command);
    const userId = this.gateway.currentUserId();
    const boardId = this.state.get().boardId;
    if (edit.stored || !made || !userId || !boardId) return;
    const basis = edit.basis && { version: edit.basis.version, seen: edit.basis.seen };
    // Noted before the record is written: a reload in between still looks for it.
    noteStoredEdits(userId);
    edit.stored = device()
      .then(async ({ saveEdit, thisTab }) => {
        const key = await saveEdit({
          userId,
          boardId,
          tab: thisTab,
          ...made,
          ...(basis ? { basis } : {}),
        });
        this.storedKeys.add(key);
        return key;
      })
      .catch(() => null);
  }

  private forgetStored(edit: Edit): void {
    void edit.stored?.then(async (key) => {
      if (key === null) return;
      this.storedKeys.delete(key);
      await (await device()).forgetEdit(key);
    });
  }

  /**
   * The edits the device kept for this board (made before a reload, or in a tab since closed),
   * made again over the fresh board in their order, and sent. Each keeps the ids it made and the
   * version it was based on, so a card added offline is the same card, and a change of a row that
   * someone else changed meanwhile is a conflict, not an overwrite.
   */
  private async replayStored(boardId: string): Promise<void> {
    const userId = this.gateway.currentUserId();
    if (!userId || !mayHaveStoredEdits(userId)) return;
    let records: StoredEdit[];
    try {
      records = await (await device()).takeOverEdits(userId, boardId);
    } catch {
      return;
    }
    const generation = this.state.generation;
    for (const record of records) {
      const key = record.key;
      if (key === undefined || this.storedKeys.has(key)) continue;
      if (generation !== this.state.generation) return;
      this.storedKeys.add(key);
      const command =
        record.name in boardCommands
          ? withIds(record.ids, () =>
              this.command(record.name as keyof Commands, record.args as never),
            )
          : null;
      if (!command) {
        this.forgetStored({ stored: Promise.resolve(key) } as Edit);
        continue;
      }
      const basis = this.basisOf(command);
      this.serial += 1;
      this.outbox.add({
        command,
        serial: this.serial,
        patch: this.state.pushPatch(command.optimistic),
        generation,
        retried: true,
        waited: true,
        stored: Promise.resolve(key),
        ...(basis ? { basis: { ...basis, ...record.basis } } : {}),
      });
    }
    void this.outbox.flush();
  }

  /** One attempt: keeps the edit by the server's answer, drops it on a refusal. */
  private async deliver(edit: Edit): Promise<Delivery> {
    const sentAt = this.state.mark();
    const sentAtBreak = this.connection.sending();
    const onShownBoard = () => edit.generation === this.state.generation;
    try {
      const confirmed = await edit.command.request(this.apiFor(edit));
      this.connection.answered(sentAtBreak);
      this.noteOwnVersions(confirmed);
      if (onShownBoard()) this.state.settle(edit.patch, confirmed, sentAt);
      return 'sent';
    } catch (error) {
      if (isNetworkError(error)) {
        this.connection.unreachable();
        edit.retried = true;
        return 'unreachable';
      }
      this.connection.answered(sentAtBreak);
      if (edit.basis && isConflictError(error)) {
        const outcome = await this.settleConflict(edit, edit.basis, sentAt);
        return outcome === 'again' ? this.deliver(edit) : outcome;
      }
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

  /** The row an in-place change edits, as the user sees it now (before its own patch). */
  private basisOf(command: BoardCommand): Basis | undefined {
    const edits = command.edits;
    const data = this.state.get().data;
    if (!edits || !data || !updateOf[edits.table]) return undefined;
    const row = edits.find(data) as Record<string, unknown> | undefined;
    if (!row || typeof row.version !== 'number' || typeof row.id !== 'string') return undefined;
    const seen = Object.fromEntries(Object.keys(edits.changes).map((c) => [c, row[c] ?? null]));
    return { table: edits.table, id: row.id, version: row.version, seen, changes: edits.changes };
  }

  /** The version to send: the one seen, moved on by the user's own writes since. */
  private versionFor(basis: Basis): number {
    const own = this.ownVersions.get(`${basis.table}:${basis.id}`);
    let version = basis.version;
    while (own?.has(version + 1)) version += 1;
    return version;
  }

  private noteOwnVersions(rows: readonly RowChange[]): void {
    for (const row of rows) {
      const { id, version } = row.new;
      if (typeof id !== 'string' || typeof version !== 'number') continue;
      const key = `${row.table}:${id}`;
      this.ownVersions.set(key, (this.ownVersions.get(key) ?? new Set()).add(version));
    }
  }

  /**
   * The write API with the based-on version added to the one update that carries it. Only an
   * edit that waited for the connection names it: one sent at once was based on what realtime
   * showed a moment ago, as every write was before row versions.
   */
  private apiFor(edit: Edit): BoardWriteApi {
    const basis = edit.basis;
    const name = basis && updateOf[basis.table];
    if (!basis || !name || !edit.waited) return this.gateway.api;
    const version = this.versionFor(basis);
    const update = this.gateway.api[name] as (id: string, patch: object) => Promise<unknown>;
    return {
      ...this.gateway.api,
      [name]: (id: string, patch: object) =>
        update(id, id === basis.id ? { ...patch, version } : patch),
    };
  }

  /**
   * The server refused the edit: the row changed since the user saw it. What is stored now
   * decides whether it is sent again, counts as sent, or waits for the user's choice.
   */
  private async settleConflict(
    edit: Edit,
    basis: Basis,
    sentAt: number,
  ): Promise<Delivery | 'again'> {
    const onShownBoard = () => edit.generation === this.state.generation;
    let stored: Record<string, unknown> | null;
    try {
      stored = await this.gateway.fetchRow(basis.table, basis.id);
    } catch (error) {
      if (!isNetworkError(error)) throw error;
      this.connection.unreachable();
      edit.retried = true;
      return 'unreachable';
    }
    if (!stored || typeof stored.version !== 'number') {
      if (onShownBoard()) this.state.dropPatch(edit.patch);
      showToast(t(edit.command.failure), 'error');
      return 'refused';
    }
    const row = insertOrUpdate(basis.table, stored);
    const columns = Object.keys(basis.changes);
    // A retried write that had got through: the row holds the edit already.
    if (columns.every((c) => sameIn(basis.table, c, stored, basis.changes))) {
      this.noteOwnVersions([row]);
      if (onShownBoard()) this.state.settle(edit.patch, [row], sentAt);
      return 'sent';
    }
    basis.version = stored.version;
    const clashes = columns.filter(
      (c) =>
        !sameIn(basis.table, c, stored, basis.seen) &&
        !sameIn(basis.table, c, stored, basis.changes),
    );
    if (clashes.length === 0) return 'again';
    const choice = await this.conflicts.ask({
      table: basis.table,
      rowId: basis.id,
      fields: clashes.map((column) => ({
        column,
        mine: basis.changes[column],
        theirs: stored[column],
      })),
      by: typeof stored.updated_by === 'string' ? stored.updated_by : null,
    });
    if (choice === 'mine') return 'again';
    if (onShownBoard()) {
      this.state.applyNews(row);
      this.state.dropPatch(edit.patch);
    }
    return 'refused';
  }
}

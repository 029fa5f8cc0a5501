// The board store: one instance per page (shared is a module-federation singleton), holding the
// selected board for the shell and every remote.
//
// Why it is built this way:
// - One round trip: `open()` loads the whole board with the board_snapshot RPC, with the
//   realtime channel joined first and its changes buffered until the snapshot is in. After that
//   no change causes a refetch, except a rejoin after a gap in the stream. That is the sync
//   engine (board-sync.ts); commands never load anything.
// - Two paths (STYLE §4): changes from the server go into `base` through a pure, idempotent
//   reducer (board-data.ts: the same change twice gives the same state). The user's own edits
//   are kept as a stack of pending patches drawn over `base`; the visible state is base +
//   pending (board-state.ts). A refused write just drops its patch, which is the whole
//   rollback, and is correct even when other users' changes arrived meanwhile.
// - Commands as data: every edit is one record of optimistic patch, request and German failure
//   text (board-commands.ts), run the same way below, so an edit is written once.
// - Ordering: realtime delivers in commit order, so it is the arbiter. The row a write gets back
//   is applied to base only if no newer news about that row has arrived since the write was sent,
//   so a slow HTTP answer never overwrites a later change.
import type { Priority } from '../domain/types';
import type { CardPatch } from '../data/cards-api';
import type { ChecklistPatch } from '../data/checklist-api';
import type { InviteResult } from '../data/members-api';
import { isPermissionError } from '../data/api-error';
import { showToast } from '../toast/toast-store';
import { t } from '../i18n/t';
import { boardCommands, type BoardCommand } from './board-commands';
import type { BoardGateway } from './board-gateway';
import { BoardState, type BoardStoreState } from './board-state';
import { BoardSync } from './board-sync';
import { insertOrUpdate } from './row-change';

export type { BoardStatus, BoardStoreState } from './board-state';

type Commands = typeof boardCommands;
type Args<K extends keyof Commands> = Commands[K] extends (c: never, ...args: infer A) => unknown
  ? A
  : never;

export class BoardStore {
  private readonly state = new BoardState();
  private readonly sync: BoardSync;

  constructor(private readonly gateway: BoardGateway) {
    this.sync = new BoardSync(gateway, this.state);
  }

  readonly state$ = this.state.value$;
  readonly getState = (): BoardStoreState => this.state.get();
  readonly subscribe = (listener: () => void): (() => void) => this.state.subscribe(listener);

  /** Shows a board; calling it again with the same id does nothing. */
  open(boardId: string): void {
    this.sync.open(boardId);
  }

  /** Leaves the board: drops the channel, the data and every pending edit. */
  close(): void {
    this.sync.close();
  }

  /** Loads the snapshot again (after a failed load, or a gap in the realtime stream). */
  reload(): void {
    this.sync.reload();
  }

  // ---- commands: each resolves true (or the new row's id) when the server agreed ----

  addList = (title: string) => this.create('addList', title);
  renameList = (listId: string, title: string) => this.edit('renameList', listId, title);
  deleteList = (listId: string) => this.edit('deleteList', listId);

  addCard = (listId: string, title: string) => this.create('addCard', listId, title);
  updateCard = (cardId: string, patch: CardPatch) => this.edit('updateCard', cardId, patch);
  setPriority = (cardId: string, priority: Priority) => this.edit('setPriority', cardId, priority);
  moveCard = (cardId: string, toListId: string, index?: number) =>
    this.edit('moveCard', cardId, toListId, index);
  moveList = (listId: string, index: number) => this.edit('moveList', listId, index);
  deleteCard = (cardId: string) => this.edit('deleteCard', cardId);
  setAssigned = (cardId: string, userId: string, assigned: boolean) =>
    this.edit('setAssigned', cardId, userId, assigned);
  setTagged = (cardId: string, labelId: string, tagged: boolean) =>
    this.edit('setTagged', cardId, labelId, tagged);

  createLabel = (name: string, color: string) => this.create('createLabel', name, color);

  addChecklistItem = (cardId: string) => this.create('addChecklistItem', cardId);
  updateChecklistItem = (itemId: string, patch: ChecklistPatch) =>
    this.edit('updateChecklistItem', itemId, patch);
  deleteChecklistItem = (itemId: string) => this.edit('deleteChecklistItem', itemId);

  addComment = (cardId: string, text: string) => this.edit('addComment', cardId, text);

  removeMember = (memberId: string) => this.edit('removeMember', memberId);

  /** Not optimistic: the outcome (added, unknown, already a member) decides what is shown. */
  async inviteMember(email: string): Promise<InviteResult | null> {
    const address = email.trim().toLowerCase();
    const board = this.state.confirmed;
    if (!address || !board) return null;
    const generation = this.state.generation;
    const result = await this.gateway.api.inviteMemberByEmail(board.board.id, address);
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

  /** Shows the edit at once, sends it, and keeps or drops it by the server's answer. */
  private async run(command: BoardCommand | null): Promise<boolean> {
    if (!command) return false;
    const generation = this.state.generation;
    const sentAt = this.state.mark();
    const patch = this.state.pushPatch(command.optimistic);
    try {
      const confirmed = await command.request(this.gateway.api);
      if (generation === this.state.generation) this.state.settle(patch, confirmed, sentAt);
      return true;
    } catch (error) {
      if (generation !== this.state.generation) return false;
      this.state.dropPatch(patch);
      showToast(t(isPermissionError(error) ? 'errors.notAllowed' : command.failure), 'error');
      return false;
    }
  }
}

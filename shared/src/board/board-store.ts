// The board store: one instance per page (shared is a module-federation singleton), holding the
// selected board for the shell and every remote.
//
// Why it is built this way:
// - One round trip: `open()` loads the whole board with the board_snapshot RPC. The realtime
//   channel is joined first and its changes are buffered until the snapshot is in, then replayed
//   on top, so nothing committed in between is lost. After that no change causes a refetch.
// - Two paths (STYLE §4): changes from the server go into `base` through a pure, idempotent
//   reducer (the same change twice gives the same state). The user's own edits are kept as a
//   stack of pending patches drawn over `base`; the visible state is base + pending. A refused
//   write just drops its patch, which is the whole rollback, and is correct even when other
//   users' changes arrived meanwhile.
// - Ordering: realtime delivers in commit order, so it is the arbiter. The row a write gets back
//   is applied to base only if no newer news about that row has arrived since the write was sent
//   (`touched`), so a slow HTTP answer never overwrites a later change.
import type { Subscription } from 'rxjs';
import type {
  BoardData,
  BoardMember,
  BoardList,
  Card,
  CardComment,
  ChecklistItem,
  Priority,
} from '../domain/types';
import { positionAtEnd, positionForIndex } from '../domain/positions';
import { newId } from '../data/new-id';
import { isPermissionError } from '../data/api-error';
import type { CardPatch } from '../data/cards-api';
import type { ChecklistPatch } from '../data/checklist-api';
import type { InviteResult } from '../data/members-api';
import { createStateCell, type StateCell } from '../state/state-cell';
import { showToast } from '../toast/toast-store';
import { t, type TextKey } from '../i18n/t';
import { applyRowChange, fromSnapshot } from './board-data';
import type { BoardGateway } from './board-gateway';
import { deletion, insertOrUpdate, rowKey, type RowChange } from './row-change';
import { selectCardsByList } from './selectors';

export type BoardStatus = 'idle' | 'loading' | 'ready' | 'notFound' | 'error';

export interface BoardStoreState {
  status: BoardStatus;
  boardId: string | null;
  data: BoardData | null;
}

const idle: BoardStoreState = { status: 'idle', boardId: null, data: null };

interface PendingEdit {
  id: number;
  apply: (data: BoardData) => BoardData;
}

interface MutationPlan {
  optimistic: (data: BoardData) => BoardData;
  /** Sends the write; resolves with the rows the server confirmed. */
  request: () => Promise<RowChange[]>;
  failure: TextKey;
}

const patchCard = (data: BoardData, cardId: string, patch: Partial<Card>): BoardData => {
  const card = data.cards[cardId];
  return card ? { ...data, cards: { ...data.cards, [cardId]: { ...card, ...patch } } } : data;
};

const patchChecklistItem = (
  data: BoardData,
  itemId: string,
  patch: Partial<ChecklistItem>,
): BoardData => {
  const card = Object.values(data.cards).find((c) => c.checklist.some((i) => i.id === itemId));
  if (!card) return data;
  return patchCard(data, card.id, {
    checklist: card.checklist.map((item) => (item.id === itemId ? { ...item, ...patch } : item)),
  });
};

export class BoardStore {
  private readonly cell: StateCell<BoardStoreState> = createStateCell(idle);
  private base: BoardData | null = null;
  private pending: PendingEdit[] = [];
  private readonly touched = new Map<string, number>();
  private seq = 0;
  private editSerial = 0;
  /** Changes that arrive while a snapshot loads; null when none is loading. */
  private buffer: RowChange[] | null = null;
  private channel: Subscription | null = null;
  /** The channel lost its connection since the last join; the next join resyncs. */
  private hadGap = false;
  /** Bumped by open/close so that answers for a board no longer shown are dropped. */
  private generation = 0;

  constructor(private readonly gateway: BoardGateway) {}

  readonly state$ = this.cell.value$;
  readonly getState = (): BoardStoreState => this.cell.get();
  readonly subscribe = (listener: () => void): (() => void) => this.cell.subscribe(listener);

  /** Shows a board; calling it again with the same id does nothing. */
  open(boardId: string): void {
    const state = this.cell.get();
    if (state.boardId === boardId && state.status !== 'idle') return;
    this.close();
    this.cell.set({ status: 'loading', boardId, data: null });
    this.channel = this.gateway.changes(boardId).subscribe((event) => {
      if (event.kind === 'change') {
        if (this.buffer) this.buffer.push(event.change);
        else this.applyRemote(event.change);
      } else if (event.status === 'SUBSCRIBED') {
        // A rejoin after a gap (error, time-out, closed socket): whatever was committed meanwhile
        // never reached us, so the board is loaded once more.
        if (this.hadGap) void this.loadSnapshot(boardId);
        this.hadGap = false;
      } else {
        this.hadGap = true;
      }
    });
    void this.loadSnapshot(boardId);
  }

  /** Leaves the board: drops the channel, the data and every pending edit. */
  close(): void {
    this.generation += 1;
    this.channel?.unsubscribe();
    this.channel = null;
    this.base = null;
    this.pending = [];
    this.buffer = null;
    this.hadGap = false;
    this.touched.clear();
    this.cell.set(idle);
  }

  /** Loads the snapshot again (after a failed load, or a gap in the realtime stream). */
  reload(): void {
    const { boardId } = this.cell.get();
    if (boardId) void this.loadSnapshot(boardId);
  }

  private async loadSnapshot(boardId: string): Promise<void> {
    const generation = this.generation;
    this.buffer = [];
    try {
      const snapshot = await this.gateway.fetchSnapshot(boardId);
      if (generation !== this.generation) return;
      if (!snapshot) {
        this.base = null;
        this.buffer = null;
        this.cell.set({ status: 'notFound', boardId, data: null });
        return;
      }
      let data = fromSnapshot(snapshot);
      for (const change of this.buffer ?? []) data = applyRowChange(data, change);
      this.buffer = null;
      this.base = data;
      this.publish('ready');
    } catch {
      if (generation !== this.generation) return;
      this.buffer = null;
      // A failed resync leaves the stale board visible; the next join tries again.
      this.hadGap = true;
      if (!this.base) this.cell.set({ status: 'error', boardId, data: null });
    }
  }

  private publish(status: BoardStatus = this.cell.get().status): void {
    const { boardId } = this.cell.get();
    if (!this.base) {
      this.cell.set({ status, boardId, data: null });
      return;
    }
    const data = this.pending.reduce((view, edit) => edit.apply(view), this.base);
    this.cell.set({ status, boardId, data });
  }

  /** A change from the server (realtime); applied in arrival order, idempotently. */
  applyRemote(change: RowChange): void {
    if (!this.base) return;
    this.seq += 1;
    this.touched.set(rowKey(change), this.seq);
    if (
      change.table === 'boards' &&
      change.eventType === 'DELETE' &&
      change.old.id === this.base.board.id
    ) {
      const { boardId } = this.cell.get();
      this.base = null;
      this.pending = [];
      this.cell.set({ status: 'notFound', boardId, data: null });
      return;
    }
    this.base = applyRowChange(this.base, change);
    this.publish();
    if (change.table === 'board_members' && change.eventType !== 'DELETE') {
      void this.completeMemberProfile(change.new as Partial<BoardMember>);
    }
  }

  /** Realtime rows carry no profile; a new member's name is fetched once. */
  private async completeMemberProfile(row: Partial<BoardMember>): Promise<void> {
    const member = this.base?.members.find((m) => m.id === row.id);
    if (!member || member.profile || !member.user_id) return;
    const generation = this.generation;
    try {
      const profile = await this.gateway.fetchProfile(member.user_id);
      if (generation !== this.generation || !profile || !this.base) return;
      this.base = applyRowChange(
        this.base,
        insertOrUpdate('board_members', { ...member, profile }),
      );
      this.publish();
    } catch {
      // The member stays listed by id; the avatar shows '?' until the next load.
    }
  }

  private async mutate(plan: MutationPlan): Promise<boolean> {
    if (!this.base) return false;
    const generation = this.generation;
    this.editSerial += 1;
    const edit: PendingEdit = { id: this.editSerial, apply: plan.optimistic };
    const sentAt = this.seq;
    this.pending.push(edit);
    this.publish();
    let ok = false;
    try {
      const confirmed = await plan.request();
      if (generation !== this.generation) return true;
      for (const change of confirmed) {
        const key = rowKey(change);
        if ((this.touched.get(key) ?? 0) > sentAt || !this.base) continue;
        this.seq += 1;
        this.touched.set(key, this.seq);
        this.base = applyRowChange(this.base, change);
      }
      ok = true;
    } catch (error) {
      if (generation !== this.generation) return false;
      showToast(t(isPermissionError(error) ? 'errors.notAllowed' : plan.failure), 'error');
    }
    this.pending = this.pending.filter((p) => p.id !== edit.id);
    this.publish();
    return ok;
  }

  private view(): BoardData | null {
    return this.cell.get().data;
  }

  private get boardId(): string {
    const id = this.base?.board.id;
    if (!id) throw new Error('No board is open.');
    return id;
  }

  // ---- lists ----

  /** Adds a list at the end; resolves with its id, or null when the title is blank. */
  async addList(title: string): Promise<string | null> {
    const view = this.view();
    const name = title.trim();
    if (!view || !name) return null;
    const list: BoardList = {
      id: newId(),
      board_id: this.boardId,
      title: name,
      position: positionAtEnd(Object.values(view.lists)),
      created_at: new Date().toISOString(),
    };
    const ok = await this.mutate({
      optimistic: (data) => applyRowChange(data, insertOrUpdate('lists', list)),
      request: async () => [
        insertOrUpdate(
          'lists',
          await this.gateway.api.insertList({
            id: list.id,
            board_id: list.board_id,
            title: list.title,
            position: list.position,
          }),
        ),
      ],
      failure: 'errors.createFailed',
    });
    return ok ? list.id : null;
  }

  async renameList(listId: string, title: string): Promise<boolean> {
    const name = title.trim();
    if (!name) return false;
    return this.mutate({
      optimistic: (data) => {
        const list = data.lists[listId];
        return list
          ? { ...data, lists: { ...data.lists, [listId]: { ...list, title: name } } }
          : data;
      },
      request: async () => [
        insertOrUpdate('lists', await this.gateway.api.updateListRow(listId, { title: name })),
      ],
      failure: 'errors.saveFailed',
    });
  }

  async deleteList(listId: string): Promise<boolean> {
    return this.mutate({
      optimistic: (data) => applyRowChange(data, deletion('lists', { id: listId })),
      request: async () => {
        await this.gateway.api.deleteListRow(listId);
        return [deletion('lists', { id: listId })];
      },
      failure: 'errors.deleteFailed',
    });
  }

  // ---- cards ----

  /** Adds a card at the end of a list; resolves with its id, or null when refused or blank. */
  async addCard(listId: string, title: string): Promise<string | null> {
    const view = this.view();
    const name = title.trim();
    if (!view || !name || !view.lists[listId]) return null;
    const siblings = selectCardsByList(view)[listId] ?? [];
    const card: Card = {
      id: newId(),
      list_id: listId,
      board_id: this.boardId,
      title: name,
      description: '',
      due_date: null,
      priority: 'medium',
      position: positionAtEnd(siblings),
      created_at: new Date().toISOString(),
      assignee_ids: [],
      label_ids: [],
      checklist: [],
      comments: [],
    };
    const ok = await this.mutate({
      optimistic: (data) => applyRowChange(data, insertOrUpdate('cards', card)),
      request: async () => [
        insertOrUpdate(
          'cards',
          await this.gateway.api.insertCard({
            id: card.id,
            list_id: listId,
            board_id: card.board_id,
            title: name,
            position: card.position,
          }),
        ),
      ],
      failure: 'errors.createFailed',
    });
    return ok ? card.id : null;
  }

  /** Saves title, description, due date or priority at once (spec §4). */
  async updateCard(cardId: string, patch: CardPatch): Promise<boolean> {
    const clean: CardPatch = { ...patch };
    if (clean.title !== undefined) {
      clean.title = clean.title.trim();
      if (!clean.title) return false;
    }
    return this.mutate({
      optimistic: (data) => patchCard(data, cardId, clean),
      request: async () => [
        insertOrUpdate('cards', await this.gateway.api.updateCardRow(cardId, clean)),
      ],
      failure: 'errors.saveFailed',
    });
  }

  async setPriority(cardId: string, priority: Priority): Promise<boolean> {
    return this.updateCard(cardId, { priority });
  }

  /**
   * Moves a card to `index` in a list (the end when omitted). One row is written: the card's
   * list and a position between its new neighbours. Dropping a card where it already is writes
   * nothing.
   */
  async moveCard(cardId: string, toListId: string, index?: number): Promise<boolean> {
    const view = this.view();
    const card = view?.cards[cardId];
    if (!view || !card || !view.lists[toListId]) return false;
    const siblings = (selectCardsByList(view)[toListId] ?? []).filter((c) => c.id !== cardId);
    const target = index ?? siblings.length;
    if (toListId === card.list_id) {
      const currentIndex = (selectCardsByList(view)[toListId] ?? []).findIndex(
        (c) => c.id === cardId,
      );
      if (currentIndex === target) return false;
    }
    const position = positionForIndex(siblings, target);
    return this.updateCard(cardId, { list_id: toListId, position });
  }

  async deleteCard(cardId: string): Promise<boolean> {
    return this.mutate({
      optimistic: (data) => applyRowChange(data, deletion('cards', { id: cardId })),
      request: async () => {
        await this.gateway.api.deleteCardRow(cardId);
        return [deletion('cards', { id: cardId })];
      },
      failure: 'errors.deleteFailed',
    });
  }

  async setAssigned(cardId: string, userId: string, assigned: boolean): Promise<boolean> {
    const change = (assigned ? insertOrUpdate : deletion)('card_assignees', {
      card_id: cardId,
      user_id: userId,
    });
    return this.mutate({
      optimistic: (data) => applyRowChange(data, change),
      request: async () => {
        if (assigned) await this.gateway.api.insertAssignee(cardId, userId);
        else await this.gateway.api.deleteAssignee(cardId, userId);
        return [change];
      },
      failure: 'errors.saveFailed',
    });
  }

  async setTagged(cardId: string, labelId: string, tagged: boolean): Promise<boolean> {
    const change = (tagged ? insertOrUpdate : deletion)('card_tags', {
      card_id: cardId,
      label_id: labelId,
    });
    return this.mutate({
      optimistic: (data) => applyRowChange(data, change),
      request: async () => {
        if (tagged) await this.gateway.api.insertTag(cardId, labelId);
        else await this.gateway.api.deleteTag(cardId, labelId);
        return [change];
      },
      failure: 'errors.saveFailed',
    });
  }

  // ---- labels ----

  async createLabel(name: string, color: string): Promise<string | null> {
    const labelName = name.trim();
    if (!labelName || !this.base) return null;
    const label = {
      id: newId(),
      board_id: this.boardId,
      name: labelName,
      color,
      created_at: new Date().toISOString(),
    };
    const ok = await this.mutate({
      optimistic: (data) => applyRowChange(data, insertOrUpdate('board_labels', label)),
      request: async () => [
        insertOrUpdate(
          'board_labels',
          await this.gateway.api.insertLabel({
            id: label.id,
            board_id: label.board_id,
            name: labelName,
            color,
          }),
        ),
      ],
      failure: 'errors.createFailed',
    });
    return ok ? label.id : null;
  }

  // ---- subtasks ----

  /** A new subtask: at the end, empty text, not completed (spec §4). */
  async addChecklistItem(cardId: string): Promise<string | null> {
    const card = this.view()?.cards[cardId];
    if (!card) return null;
    const item: ChecklistItem = {
      id: newId(),
      card_id: cardId,
      text: '',
      completed: false,
      position: positionAtEnd(card.checklist),
      due_date: null,
      assigned_to: null,
      created_at: new Date().toISOString(),
    };
    const ok = await this.mutate({
      optimistic: (data) => applyRowChange(data, insertOrUpdate('card_checklist_items', item)),
      request: async () => [
        insertOrUpdate(
          'card_checklist_items',
          await this.gateway.api.insertChecklistItem({
            id: item.id,
            card_id: cardId,
            text: '',
            completed: false,
            position: item.position,
          }),
        ),
      ],
      failure: 'errors.createFailed',
    });
    return ok ? item.id : null;
  }

  async updateChecklistItem(itemId: string, patch: ChecklistPatch): Promise<boolean> {
    return this.mutate({
      optimistic: (data) => patchChecklistItem(data, itemId, patch),
      request: async () => [
        insertOrUpdate(
          'card_checklist_items',
          await this.gateway.api.updateChecklistItemRow(itemId, patch),
        ),
      ],
      failure: 'errors.saveFailed',
    });
  }

  async deleteChecklistItem(itemId: string): Promise<boolean> {
    const change = deletion('card_checklist_items', { id: itemId });
    return this.mutate({
      optimistic: (data) => applyRowChange(data, change),
      request: async () => {
        await this.gateway.api.deleteChecklistItemRow(itemId);
        return [change];
      },
      failure: 'errors.deleteFailed',
    });
  }

  // ---- comments ----

  async addComment(cardId: string, text: string): Promise<boolean> {
    const body = text.trim();
    const userId = this.gateway.currentUserId();
    if (!body || !userId || !this.view()?.cards[cardId]) return false;
    const comment: CardComment = {
      id: newId(),
      card_id: cardId,
      user_id: userId,
      text: body,
      created_at: new Date().toISOString(),
    };
    return this.mutate({
      optimistic: (data) => applyRowChange(data, insertOrUpdate('card_comments', comment)),
      request: async () => [
        insertOrUpdate(
          'card_comments',
          await this.gateway.api.insertComment({
            id: comment.id,
            card_id: cardId,
            user_id: userId,
            text: body,
          }),
        ),
      ],
      failure: 'errors.createFailed',
    });
  }

  // ---- members ----

  /** Not optimistic: the outcome (added, unknown, already a member) decides what is shown. */
  async inviteMember(email: string): Promise<InviteResult | null> {
    const address = email.trim().toLowerCase();
    if (!address || !this.base) return null;
    const generation = this.generation;
    const result = await this.gateway.api.inviteMemberByEmail(this.boardId, address);
    if (result.status === 'added' && generation === this.generation && this.base) {
      this.base = applyRowChange(this.base, insertOrUpdate('board_members', result.member));
      this.publish();
    }
    return result;
  }

  async removeMember(memberId: string): Promise<boolean> {
    const change = deletion('board_members', { id: memberId });
    return this.mutate({
      optimistic: (data) => applyRowChange(data, change),
      request: async () => {
        await this.gateway.api.deleteMemberRow(memberId);
        return [change];
      },
      failure: 'errors.deleteFailed',
    });
  }
}

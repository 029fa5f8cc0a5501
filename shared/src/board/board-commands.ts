// The user's board edits, each written once as data: the optimistic patch drawn over the board
// until the server answers, the request, and the catalogue key of the German message shown if
// it is refused. The store runs them all the same way (board-store.ts); a command that makes
// nothing to send (a blank title, a card dropped where it lies) is null.
import type { BoardData, ChecklistItem, Priority } from '../domain/types';
import { positionAtEnd, positionForIndex } from '../domain/positions';
import type { CardPatch } from '../data/cards-api';
import type { ChecklistPatch } from '../data/checklist-api';
import { newCard, newRow } from '../data/new-rows';
import type { TextKey } from '../i18n/t';
import { applyRowChange } from './board-data';
import type { BoardWriteApi } from './board-gateway';
import { deletion, insertOrUpdate, type BoardTable, type RowChange } from './row-change';
import { selectCardsByList } from './selectors';

/** What a command is made from: the board as the user sees it, and who they are. */
export interface CommandContext {
  data: BoardData;
  userId: string | null;
}

export interface BoardCommand {
  optimistic: (data: BoardData) => BoardData;
  /** Sends the write; resolves with the rows the server confirmed. */
  request: (api: BoardWriteApi) => Promise<RowChange[]>;
  failure: TextKey;
  /** The id of the row the command creates, for the caller (a new card opens, say). */
  createdId?: string;
}

/** An upsert shown at once and confirmed by the row the server answers with. */
const upsert = (
  table: BoardTable,
  row: { id: string },
  send: (api: BoardWriteApi) => Promise<object>,
  failure: TextKey,
  createdId?: string,
): BoardCommand => ({
  optimistic: (data) => applyRowChange(data, insertOrUpdate(table, row)),
  request: async (api) => [insertOrUpdate(table, await send(api))],
  failure,
  ...(createdId && { createdId }),
});

/** A change shown at once whose write answers with no row: the change itself is confirmed. */
const write = (
  change: RowChange,
  send: (api: BoardWriteApi) => Promise<unknown>,
  failure: TextKey,
): BoardCommand => ({
  optimistic: (data) => applyRowChange(data, change),
  request: async (api) => {
    await send(api);
    return [change];
  },
  failure,
});

/**
 * A row the user changes: the changes are merged onto the row as shown at each redraw (so news
 * about its other columns still shows), and the row the server answers with replaces them.
 */
const patch = (
  table: BoardTable,
  find: (data: BoardData) => object | undefined,
  changes: object,
  send: (api: BoardWriteApi) => Promise<object>,
): BoardCommand => ({
  optimistic: (data) => {
    const current = find(data);
    return current ? applyRowChange(data, insertOrUpdate(table, { ...current, ...changes })) : data;
  },
  request: async (api) => [insertOrUpdate(table, await send(api))],
  failure: 'errors.saveFailed',
});

const findChecklistItem = (data: BoardData, itemId: string): ChecklistItem | undefined => {
  for (const card of Object.values(data.cards)) {
    const item = card.checklist.find((i) => i.id === itemId);
    if (item) return item;
  }
  return undefined;
};

export const boardCommands = {
  /** Adds a list at the end. */
  addList({ data }: CommandContext, title: string): BoardCommand | null {
    const name = title.trim();
    if (!name) return null;
    const list = newRow('lists', {
      board_id: data.board.id,
      title: name,
      position: positionAtEnd(Object.values(data.lists)),
    });
    const { created_at: _, ...insert } = list;
    return upsert('lists', list, (api) => api.insertList(insert), 'errors.createFailed', list.id);
  },

  renameList(_: CommandContext, listId: string, title: string): BoardCommand | null {
    const name = title.trim();
    if (!name) return null;
    return patch(
      'lists',
      (data) => data.lists[listId],
      { title: name },
      (api) => api.updateListRow(listId, { title: name }),
    );
  },

  deleteList(_: CommandContext, listId: string): BoardCommand {
    const change = deletion('lists', { id: listId });
    return write(change, (api) => api.deleteListRow(listId), 'errors.deleteFailed');
  },

  /** Adds a card at the end of a list. */
  addCard({ data }: CommandContext, listId: string, title: string): BoardCommand | null {
    const name = title.trim();
    if (!name || !data.lists[listId]) return null;
    const card = newCard({
      list_id: listId,
      board_id: data.board.id,
      title: name,
      position: positionAtEnd(selectCardsByList(data)[listId] ?? []),
    });
    const { id, board_id, position } = card;
    return upsert(
      'cards',
      card,
      (api) => api.insertCard({ id, list_id: listId, board_id, title: name, position }),
      'errors.createFailed',
      id,
    );
  },

  /** Saves title, description, due date, priority, list or position at once (spec §4). */
  updateCard(_: CommandContext, cardId: string, changes: CardPatch): BoardCommand | null {
    const clean: CardPatch = { ...changes };
    if (clean.title !== undefined) {
      clean.title = clean.title.trim();
      if (!clean.title) return null;
    }
    return patch(
      'cards',
      (data) => data.cards[cardId],
      clean,
      (api) => api.updateCardRow(cardId, clean),
    );
  },

  setPriority(context: CommandContext, cardId: string, priority: Priority): BoardCommand | null {
    return boardCommands.updateCard(context, cardId, { priority });
  },

  /**
   * Moves a card to `index` in a list (the end when omitted). One row is written: the card's
   * list and a position between its new neighbours. A card dropped where it lies writes nothing.
   */
  moveCard(
    context: CommandContext,
    cardId: string,
    toListId: string,
    index?: number,
  ): BoardCommand | null {
    const { data } = context;
    const card = data.cards[cardId];
    if (!card || !data.lists[toListId]) return null;
    const inList = selectCardsByList(data)[toListId] ?? [];
    const siblings = inList.filter((c) => c.id !== cardId);
    const target = index ?? siblings.length;
    if (toListId === card.list_id && inList.findIndex((c) => c.id === cardId) === target) {
      return null;
    }
    const position = positionForIndex(siblings, target);
    return boardCommands.updateCard(context, cardId, { list_id: toListId, position });
  },

  deleteCard(_: CommandContext, cardId: string): BoardCommand {
    const change = deletion('cards', { id: cardId });
    return write(change, (api) => api.deleteCardRow(cardId), 'errors.deleteFailed');
  },

  setAssigned(_: CommandContext, cardId: string, userId: string, assigned: boolean): BoardCommand {
    return write(
      (assigned ? insertOrUpdate : deletion)('card_assignees', {
        card_id: cardId,
        user_id: userId,
      }),
      (api) => (assigned ? api.insertAssignee(cardId, userId) : api.deleteAssignee(cardId, userId)),
      'errors.saveFailed',
    );
  },

  setTagged(_: CommandContext, cardId: string, labelId: string, tagged: boolean): BoardCommand {
    return write(
      (tagged ? insertOrUpdate : deletion)('card_tags', { card_id: cardId, label_id: labelId }),
      (api) => (tagged ? api.insertTag(cardId, labelId) : api.deleteTag(cardId, labelId)),
      'errors.saveFailed',
    );
  },

  createLabel({ data }: CommandContext, name: string, color: string): BoardCommand | null {
    const labelName = name.trim();
    if (!labelName) return null;
    const label = newRow('board_labels', { board_id: data.board.id, name: labelName, color });
    const { created_at: _, ...insert } = label;
    return upsert(
      'board_labels',
      label,
      (api) => api.insertLabel(insert),
      'errors.createFailed',
      label.id,
    );
  },

  /** A new subtask: at the end, empty text, not completed (spec §4). */
  addChecklistItem({ data }: CommandContext, cardId: string): BoardCommand | null {
    const card = data.cards[cardId];
    if (!card) return null;
    const item = newRow('card_checklist_items', {
      card_id: cardId,
      position: positionAtEnd(card.checklist),
    });
    const { id, text, completed, position } = item;
    return upsert(
      'card_checklist_items',
      item,
      (api) => api.insertChecklistItem({ id, card_id: cardId, text, completed, position }),
      'errors.createFailed',
      item.id,
    );
  },

  updateChecklistItem(_: CommandContext, itemId: string, changes: ChecklistPatch): BoardCommand {
    return patch(
      'card_checklist_items',
      (data) => findChecklistItem(data, itemId),
      changes,
      (api) => api.updateChecklistItemRow(itemId, changes),
    );
  },

  deleteChecklistItem(_: CommandContext, itemId: string): BoardCommand {
    const change = deletion('card_checklist_items', { id: itemId });
    return write(change, (api) => api.deleteChecklistItemRow(itemId), 'errors.deleteFailed');
  },

  addComment({ data, userId }: CommandContext, cardId: string, text: string): BoardCommand | null {
    const body = text.trim();
    if (!body || !userId || !data.cards[cardId]) return null;
    const comment = newRow('card_comments', { card_id: cardId, user_id: userId, text: body });
    const { created_at: _, ...insert } = comment;
    return upsert(
      'card_comments',
      comment,
      (api) => api.insertComment(insert),
      'errors.createFailed',
    );
  },

  removeMember(_: CommandContext, memberId: string): BoardCommand {
    const change = deletion('board_members', { id: memberId });
    return write(change, (api) => api.deleteMemberRow(memberId), 'errors.deleteFailed');
  },
};

// The user's board edits, each written once as data: the optimistic patch drawn over the board
// until the server answers, the request, and the catalogue key of the German message shown if
// it is refused. The store runs them all the same way (board-store.ts); a command that makes
// nothing to send (a blank title, a card dropped where it lies) is null.
import type { BoardData, ChecklistItem, Priority } from '../../domain/types';
import {
  neighboursAt,
  positionAtEnd,
  positionBetween,
  renumbered,
  type Positioned,
} from '../../domain/positions';
import type { CardPatch } from './api/cards-api';
import type { ChecklistPatch } from './api/checklist-api';
import { newCard, newRow } from '../../domain/new-rows';
import type { TextKey } from '../../kernel/i18n/t';
import { applyRowChange } from './board-data';
import type { BoardWriteApi } from './board-gateway';
import { deletion, insertOrUpdate, type BoardTable, type RowChange } from './row-change';
import { selectCardsByList, selectLists } from './selectors';

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

/**
 * A new row, shown at once and confirmed by the row the server answers with; its id is the
 * command's `createdId`.
 */
const create = (
  table: BoardTable,
  row: { id: string },
  send: (api: BoardWriteApi) => Promise<object>,
): BoardCommand => ({
  optimistic: (data) => applyRowChange(data, insertOrUpdate(table, row)),
  request: async (api) => [insertOrUpdate(table, await send(api))],
  failure: 'errors.createFailed',
  createdId: row.id,
});

/** A change shown at once whose write answers with no row: the change itself is confirmed. */
export const write = (
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

type Ordered = Positioned & { id: string };

/**
 * A row placed between two neighbours: one update with the position between them. When their
 * gap is full, the whole list is renumbered first (one RPC) and the row goes between the same
 * neighbours, found by id in the server's answer; the view shows the renumbered list at once.
 */
const placeRow = ({
  table,
  id,
  siblings,
  target,
  changes,
  update,
  renumber,
  failure,
}: {
  table: 'cards' | 'lists';
  id: string;
  siblings: readonly Ordered[];
  target: number;
  changes: object;
  update: (api: BoardWriteApi, position: number) => Promise<object>;
  renumber: (api: BoardWriteApi) => Promise<Ordered[]>;
  failure: TextKey;
}): BoardCommand => {
  const find = (data: BoardData) => (table === 'cards' ? data.cards[id] : data.lists[id]);
  const placed = (data: BoardData, position: number) => {
    const current = find(data);
    return current
      ? applyRowChange(data, insertOrUpdate(table, { ...current, ...changes, position }))
      : data;
  };
  const { before, after } = neighboursAt(siblings, target);
  const position = positionBetween(before?.position ?? null, after?.position ?? null);
  if (position !== null) {
    return {
      optimistic: (data) => placed(data, position),
      request: async (api) => [insertOrUpdate(table, await update(api, position))],
      failure,
    };
  }
  const between = (rows: readonly Ordered[]): number => {
    const at = (neighbour: Ordered | null) =>
      neighbour ? (rows.find((r) => r.id === neighbour.id)?.position ?? null) : null;
    return positionBetween(at(before), at(after)) ?? positionAtEnd(rows);
  };
  const local = renumbered(siblings);
  return {
    optimistic: (data) => {
      let next = data;
      for (const row of local) {
        const current = table === 'cards' ? next.cards[row.id] : next.lists[row.id];
        if (current) {
          next = applyRowChange(
            next,
            insertOrUpdate(table, { ...current, position: row.position }),
          );
        }
      }
      return placed(next, between(local));
    },
    request: async (api) => {
      const rows = (await renumber(api)).filter((row) => row.id !== id);
      const moved = await update(api, between(rows.length > 0 ? rows : local));
      return [...rows.map((row) => insertOrUpdate(table, row)), insertOrUpdate(table, moved)];
    },
    failure,
  };
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
    return create('lists', list, (api) => api.insertList(insert));
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
    return create('cards', card, (api) =>
      api.insertCard({ id, list_id: listId, board_id, title: name, position }),
    );
  },

  /** Saves title, description, due date, priority, list or position at once (docs/product-spec.md §4). */
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
   * Moves a card to `index` of a list's cards (without the card itself; the end when omitted).
   * One row is written: the card's list and a position between its new neighbours. When that
   * gap is full, the list is first renumbered by one RPC (positions.ts). A card dropped where
   * it lies writes nothing.
   */
  moveCard(
    { data }: CommandContext,
    cardId: string,
    toListId: string,
    index?: number,
  ): BoardCommand | null {
    const card = data.cards[cardId];
    if (!card || !data.lists[toListId]) return null;
    const inList = selectCardsByList(data)[toListId] ?? [];
    const siblings = inList.filter((c) => c.id !== cardId);
    const target = index ?? siblings.length;
    if (toListId === card.list_id && inList.findIndex((c) => c.id === cardId) === target) {
      return null;
    }
    return placeRow({
      table: 'cards',
      id: cardId,
      siblings,
      target,
      changes: { list_id: toListId },
      update: (api, position) => api.updateCardRow(cardId, { list_id: toListId, position }),
      renumber: (api) => api.renumberListCards(toListId),
      failure: 'errors.moveCardFailed',
    });
  },

  /** Moves a list to `index` among the board's other lists; one row written, as for cards. */
  moveList({ data }: CommandContext, listId: string, index: number): BoardCommand | null {
    if (!data.lists[listId]) return null;
    const lists = selectLists(data);
    if (lists.findIndex((l) => l.id === listId) === index) return null;
    return placeRow({
      table: 'lists',
      id: listId,
      siblings: lists.filter((l) => l.id !== listId),
      target: index,
      changes: {},
      update: (api, position) => api.updateListRow(listId, { position }),
      renumber: (api) => api.renumberBoardLists(data.board.id),
      failure: 'errors.moveListFailed',
    });
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
    return create('board_labels', label, (api) => api.insertLabel(insert));
  },

  /** A new subtask: at the end, empty text, not completed (docs/product-spec.md §4). */
  addChecklistItem({ data }: CommandContext, cardId: string): BoardCommand | null {
    const card = data.cards[cardId];
    if (!card) return null;
    const item = newRow('card_checklist_items', {
      card_id: cardId,
      position: positionAtEnd(card.checklist),
    });
    const { id, text, completed, position } = item;
    return create('card_checklist_items', item, (api) =>
      api.insertChecklistItem({ id, card_id: cardId, text, completed, position }),
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
    return create('card_comments', comment, (api) => api.insertComment(insert));
  },

  removeMember(_: CommandContext, memberId: string): BoardCommand {
    const change = deletion('board_members', { id: memberId });
    return write(change, (api) => api.deleteMemberRow(memberId), 'errors.deleteFailed');
  },
};

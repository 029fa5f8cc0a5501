// Commands on cards: add, edit, move, delete (for good or undoably), assignees and labels.
import type { Between } from '../../../domain/positions';
import { newCard } from '../../../domain/new-rows';
import { positionAtEnd } from '../../../domain/positions';
import type { CardPatch } from '../api/cards-api';
import { deletion, insertOrUpdate } from '../row-change';
import { cardOf } from '../board-cards';
import { selectCardsByList } from '../selectors';
import { change, create, place, write, type BoardCommand, type CommandContext } from './command';

/** Where a card goes: a list, and its neighbours there as the user saw them (null at an end). */
export interface CardPlace extends Between {
  listId: string;
}

export const cardCommands = {
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
    const { id, position } = card;
    return create('cards', card, (api) =>
      api.insertCard({ id, list_id: listId, title: name, position }),
    );
  },

  /** Saves title, description, due date, priority, list or position at once (spec §4). */
  updateCard(_: CommandContext, cardId: string, changes: CardPatch): BoardCommand | null {
    const clean: CardPatch = { ...changes };
    if (clean.title !== undefined) {
      clean.title = clean.title.trim();
      if (!clean.title) return null;
    }
    return change(
      'cards',
      (data) => cardOf(data, cardId),
      clean,
      (api) => api.updateCardRow(cardId, clean),
    );
  },

  /**
   * Moves a card between two neighbours of a list, as the user dropped it. One row is written:
   * the card's list and a position between its new neighbours. When that gap is full, the list
   * is first renumbered by one RPC (positions.ts). A card dropped where it lies writes nothing.
   */
  moveCard({ data }: CommandContext, cardId: string, to: CardPlace): BoardCommand | null {
    const card = cardOf(data, cardId);
    if (!card || !data.lists[to.listId]) return null;
    return place({
      table: 'cards',
      id: cardId,
      rows: selectCardsByList(data)[to.listId] ?? [],
      home: card.list_id === to.listId,
      between: to,
      changes: { list_id: to.listId },
      update: (api, position) => api.updateCardRow(cardId, { list_id: to.listId, position }),
      renumber: (api) => api.renumberListCards(to.listId),
      failure: 'errors.moveCardFailed',
    });
  },

  /** For good, at once (spec §4); the app deletes undoably with softDeleteCard instead. */
  deleteCard(_: CommandContext, cardId: string): BoardCommand {
    const gone = deletion('cards', { id: cardId });
    return write(gone, (api) => api.deleteCardRow(cardId), 'errors.deleteFailed');
  },

  /**
   * Deletes a card so that it can be undone: it sets cards.deleted_at (the server stamps its
   * own time and purges the card 30 s later), so the card keeps everything it had and every
   * member learns of it through the card's realtime UPDATE (20261123000400_card_soft_delete).
   */
  softDeleteCard({ data }: CommandContext, cardId: string): BoardCommand | null {
    const card = cardOf(data, cardId);
    if (!card || card.deleted_at) return null;
    return change(
      'cards',
      (d) => cardOf(d, cardId),
      { deleted_at: new Date().toISOString() },
      (api) => api.updateCardRow(cardId, { deleted_at: new Date().toISOString() }),
      'errors.deleteFailed',
    );
  },

  /** Undo of softDeleteCard: the card is back, where it was, with all it had. */
  restoreCard({ data }: CommandContext, cardId: string): BoardCommand | null {
    if (!cardOf(data, cardId)?.deleted_at) return null;
    return change(
      'cards',
      (d) => cardOf(d, cardId),
      { deleted_at: null },
      (api) => api.updateCardRow(cardId, { deleted_at: null }),
      'errors.restoreFailed',
    );
  },

  /**
   * Archives a card, or brings it back from the archive: cards.archived_at, stamped by the
   * server and purged after 30 days (20261126006000_archive). Restoring a card that is not
   * in the state (after a reload) goes through the archive view, not here.
   */
  setCardArchived(
    { data }: CommandContext,
    cardId: string,
    archived: boolean,
  ): BoardCommand | null {
    const card = cardOf(data, cardId);
    if (!card || !card.archived_at === !archived) return null;
    const archived_at = archived ? new Date().toISOString() : null;
    return change(
      'cards',
      (d) => cardOf(d, cardId),
      { archived_at },
      (api) => api.updateCardRow(cardId, { archived_at }),
      archived ? 'errors.archiveFailed' : 'errors.restoreFailed',
    );
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
};

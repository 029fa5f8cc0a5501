// Commands of issue 10 (board settings, undoable card deletion, label and comment edits),
// written like every other board command (board-commands.ts): the optimistic patch, the
// request, and the catalogue key of the German failure text. The store runs them alike.
import type { BoardData, CardComment } from '../../domain/types';
import type { BoardPatch } from './api/board-api';
import type { LabelPatch } from './api/labels-api';
import type { TextKey } from '../../kernel/i18n/t';
import { write, type BoardCommand, type CommandContext } from './board-commands';
import { applyRowChange } from './board-data';
import type { BoardWriteApi } from './board-gateway';
import { deletion, insertOrUpdate, type BoardTable } from './row-change';

/** A row changed in place: shown merged at once, replaced by the row the server answers with. */
const change = (
  table: BoardTable,
  find: (data: BoardData) => object | undefined,
  changes: object,
  send: (api: BoardWriteApi) => Promise<object>,
  failure: TextKey,
): BoardCommand => ({
  optimistic: (data) => {
    const current = find(data);
    return current ? applyRowChange(data, insertOrUpdate(table, { ...current, ...changes })) : data;
  },
  request: async (api) => [insertOrUpdate(table, await send(api))],
  failure,
});

const findComment = (data: BoardData, commentId: string): CardComment | undefined => {
  for (const card of Object.values(data.cards)) {
    const comment = card.comments.find((c) => c.id === commentId);
    if (comment) return comment;
  }
  return undefined;
};

export const everydayCommands = {
  /** Title and background of the board (the owner's; RLS refuses anyone else). */
  updateBoard({ data }: CommandContext, changes: BoardPatch): BoardCommand | null {
    const clean: BoardPatch = { ...changes };
    if (clean.title !== undefined) {
      clean.title = clean.title.trim();
      if (!clean.title || clean.title === data.board.title) delete clean.title;
    }
    if (clean.background === data.board.background) delete clean.background;
    if (clean.title === undefined && clean.background === undefined) return null;
    const boardId = data.board.id;
    return change(
      'boards',
      (d) => d.board,
      clean,
      (api) => api.updateBoardRow(boardId, clean),
      'errors.saveFailed',
    );
  },

  /**
   * Deletes a card so that it can be undone: it sets cards.deleted_at (the server stamps its
   * own time and purges the card 30 s later), so the card keeps everything it had and every
   * member learns of it through the card's realtime UPDATE (20261123000400_card_soft_delete).
   */
  softDeleteCard({ data }: CommandContext, cardId: string): BoardCommand | null {
    if (!data.cards[cardId] || data.cards[cardId].deleted_at) return null;
    return change(
      'cards',
      (d) => d.cards[cardId],
      { deleted_at: new Date().toISOString() },
      (api) => api.updateCardRow(cardId, { deleted_at: new Date().toISOString() }),
      'errors.deleteFailed',
    );
  },

  /** Undo of softDeleteCard: the card is back, where it was, with all it had. */
  restoreCard({ data }: CommandContext, cardId: string): BoardCommand | null {
    if (!data.cards[cardId]?.deleted_at) return null;
    return change(
      'cards',
      (d) => d.cards[cardId],
      { deleted_at: null },
      (api) => api.updateCardRow(cardId, { deleted_at: null }),
      'errors.restoreFailed',
    );
  },

  updateLabel({ data }: CommandContext, labelId: string, changes: LabelPatch): BoardCommand | null {
    const clean: LabelPatch = { ...changes };
    if (clean.name !== undefined) {
      clean.name = clean.name.trim();
      if (!clean.name) return null;
    }
    if (!data.labels.some((label) => label.id === labelId)) return null;
    return change(
      'board_labels',
      (d) => d.labels.find((label) => label.id === labelId),
      clean,
      (api) => api.updateLabelRow(labelId, clean),
      'errors.saveFailed',
    );
  },

  /** The label goes from every card too (card_tags cascade in the database). */
  deleteLabel(_: CommandContext, labelId: string): BoardCommand {
    const gone = deletion('board_labels', { id: labelId });
    return write(gone, (api) => api.deleteLabelRow(labelId), 'errors.deleteFailed');
  },

  /** The author's correction; the server refuses anyone else's and stamps edited_at. */
  editComment(_: CommandContext, commentId: string, text: string): BoardCommand | null {
    const body = text.trim();
    if (!body) return null;
    return change(
      'card_comments',
      (d) => findComment(d, commentId),
      { text: body, edited_at: new Date().toISOString() },
      (api) => api.updateCommentRow(commentId, body),
      'errors.saveFailed',
    );
  },

  deleteComment(_: CommandContext, commentId: string): BoardCommand {
    const gone = deletion('card_comments', { id: commentId });
    return write(gone, (api) => api.deleteCommentRow(commentId), 'errors.deleteFailed');
  },
};

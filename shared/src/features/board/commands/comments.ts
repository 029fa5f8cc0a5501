// Commands on a card's comments: add, correct, delete.
import { forInsert, newRow } from '../../../domain/new-rows';
import { cardOf } from '../board-cards';
import { findChild } from '../board-data';
import { deletion } from '../row-change';
import { change, create, write, type BoardCommand, type CommandContext } from './command';

export const commentCommands = {
  addComment({ data, userId }: CommandContext, cardId: string, text: string): BoardCommand | null {
    const body = text.trim();
    if (!body || !userId || !cardOf(data, cardId)) return null;
    const comment = newRow('card_comments', { card_id: cardId, user_id: userId, text: body });
    return create('card_comments', comment, (api) =>
      api.insertComment(forInsert('card_comments', comment)),
    );
  },

  /** The author's correction; the server refuses anyone else's and stamps edited_at. */
  editComment(_: CommandContext, commentId: string, text: string): BoardCommand | null {
    const body = text.trim();
    if (!body) return null;
    return change(
      'card_comments',
      (d) => findChild(d, 'comments', commentId)?.child,
      { text: body, edited_at: new Date().toISOString() },
      (api) => api.updateCommentRow(commentId, body),
    );
  },

  deleteComment(_: CommandContext, commentId: string): BoardCommand {
    const gone = deletion('card_comments', { id: commentId });
    return write(gone, (api) => api.deleteCommentRow(commentId), 'errors.deleteFailed');
  },
};

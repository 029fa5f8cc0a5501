import type { TablesInsert } from '../../../kernel/backend/database.types';
import type { CardComment } from '../../../domain/types';
import { deleteRowById, insertRow, updateRowById } from '../../../kernel/backend/table-rows';

export const insertComment = (comment: TablesInsert<'card_comments'>): Promise<CardComment> =>
  insertRow('card_comments', comment);

/** Only the author's change is accepted (RLS); the server stamps edited_at. */
export const updateCommentRow = (commentId: string, text: string): Promise<CardComment> =>
  updateRowById('card_comments', commentId, { text });

export const deleteCommentRow = (commentId: string): Promise<void> =>
  deleteRowById('card_comments', commentId);

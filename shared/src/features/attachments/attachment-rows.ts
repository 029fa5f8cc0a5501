// The rows of card_attachments. Their changes reach the board (this user's included) through
// the board's live feed; row-level security decides who may write.
import type { CardAttachment } from '../../domain/types';
import { forInsert } from '../../domain/new-rows';
import { ApiError, check, unwrap } from '../../kernel/backend/api-error';
import { getSupabase } from '../../kernel/backend/supabase-client';

const rows = () => getSupabase().from('card_attachments');

/** The refusal when the board's attachments would exceed its quota (the insert trigger's). */
export const isQuotaError = (error: unknown): boolean =>
  error instanceof ApiError && error.code === '23514' && /quota/i.test(error.message);

/**
 * The row of a stored object. The server fills in the board, size, type and uploader from the
 * object, and refuses a path that is not the card's or an object not stored.
 */
export const insertAttachment = async (
  row: Pick<CardAttachment, 'card_id' | 'object_path' | 'name'> &
    Partial<Pick<CardAttachment, 'id' | 'image_width' | 'image_height'>>,
): Promise<CardAttachment> =>
  unwrap(
    await rows()
      .insert(forInsert('card_attachments', row as Partial<CardAttachment>))
      .select()
      .single(),
  );

export const renameAttachment = async (id: string, name: string): Promise<void> =>
  check(await rows().update({ name }).eq('id', id));

/** Its object stays for the undo window (supabase/schemas/47_attachments.sql). */
export const deleteAttachment = async (id: string): Promise<void> =>
  check(await rows().delete().eq('id', id));

/** 'Rückgängig': the same row again, for the object that is still stored. */
export const restoreAttachment = (row: CardAttachment): Promise<CardAttachment> =>
  insertAttachment(row);

/** The stored objects of a board's attachments, for an export with files. */
export const boardAttachmentPaths = async (boardId: string): Promise<string[]> =>
  (
    unwrap(await rows().select('object_path').eq('board_id', boardId).order('created_at')) as Pick<
      CardAttachment,
      'object_path'
    >[]
  ).map((row) => row.object_path);

/** The card's cover as an import restores it (the first image may have become it meanwhile). */
export const setCardCover = async (cardId: string, attachmentId: string | null): Promise<void> =>
  check(
    await getSupabase()
      .from('cards')
      .update({ cover_attachment_id: attachmentId })
      .eq('id', cardId),
  );

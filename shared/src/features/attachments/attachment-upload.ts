// One file onto a card: stored first, then described by its row, so that no row ever names a
// file that is not there. A row the server refuses (the board's quota, a card gone meanwhile)
// takes its stored file with it.
import type { CardAttachment } from '../../domain/types';
import { MAX_ATTACHMENT_BYTES, attachmentObjectPath, isImageType } from './attachment-rules';
import { insertAttachment } from './attachment-rows';
import { AttachmentStorageError, removeObjects, uploadObject } from './attachment-storage';

export interface AttachRequest {
  boardId: string;
  cardId: string;
  file: File;
  onProgress: (fraction: number) => void;
  signal: AbortSignal;
}

/** An image's size in pixels, for a box that does not jump when it loads; null if unreadable. */
const imageSize = async (file: Blob): Promise<{ width: number; height: number } | null> => {
  if (!isImageType(file.type) || typeof createImageBitmap !== 'function') return null;
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size.width > 0 && size.height > 0 ? size : null;
  } catch {
    return null;
  }
};

export const attachFile = async ({
  boardId,
  cardId,
  file,
  onProgress,
  signal,
}: AttachRequest): Promise<CardAttachment> => {
  if (file.size > MAX_ATTACHMENT_BYTES) throw new AttachmentStorageError('tooLarge');
  const path = attachmentObjectPath(boardId, cardId, file.name);
  const size = await imageSize(file);
  await uploadObject(path, file, onProgress, signal);
  try {
    return await insertAttachment({
      card_id: cardId,
      object_path: path,
      name: file.name,
      image_width: size?.width ?? null,
      image_height: size?.height ?? null,
    });
  } catch (error) {
    await removeObjects([path]).catch(() => undefined);
    throw error;
  }
};

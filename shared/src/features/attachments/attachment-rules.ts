// What the page knows of attachments before their code loads: the limit a file is checked
// against before it is sent, how a file is named in Storage, and how a size reads.
import { newId } from '../../domain/new-id';

/** The bucket of card attachments (supabase/migrations/20261126017002_attachments_bucket.sql). */
export const ATTACHMENTS_BUCKET = 'attachments';

/**
 * 50 MB, the bucket's file_size_limit (the Supabase CLI's default). The server refuses a bigger
 * file anyway; checking first spares the user uploading 60 MB to be told no.
 */
export const MAX_ATTACHMENT_BYTES = 50 * 1024 * 1024;

/**
 * Hosted Storage accepts object names of these characters only (its `isValidKey`); anything
 * else in a file name becomes '_'. The displayed name is kept as typed, in the row.
 */
const safeName = (fileName: string): string =>
  fileName
    .normalize('NFC')
    .replace(/[^\w!\-.*'() &$@=;:+,]/g, '_')
    .replace(/^\.+/, '_')
    .slice(-120) || 'datei';

/** `<board id>/<card id>/<uuid>-<file name>`: the first folder decides who may read it. */
export const attachmentObjectPath = (
  boardId: string,
  cardId: string,
  fileName: string,
  id: string = newId(),
): string => `${boardId}/${cardId}/${id}-${safeName(fileName)}`;

export const isImageType = (mimeType: string): boolean =>
  /^image\/(png|jpe?g|gif|webp|avif|bmp)$/i.test(mimeType);

export const isPdfType = (mimeType: string): boolean => mimeType === 'application/pdf';

const sizeFormat = (maximumFractionDigits: number) =>
  new Intl.NumberFormat('de-DE', { maximumFractionDigits });

/** '512 B', '3,4 KB', '12 MB', as people say it (powers of 1024, as the limit is meant). */
export const formatFileSize = (bytes: number): string => {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${sizeFormat(value < 10 ? 1 : 0).format(value)} ${units[unit]}`;
};

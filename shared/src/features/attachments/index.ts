export {
  ATTACHMENTS_BUCKET,
  MAX_ATTACHMENT_BYTES,
  attachmentObjectPath,
  formatFileSize,
  isImageType,
  isPdfType,
} from './attachment-rules';

/** The attachments' backend code (Storage client, transfers, rows), loaded when first needed. */
export const loadAttachmentCode = () => import('./attachment-code');
export type AttachmentCode = Awaited<ReturnType<typeof loadAttachmentCode>>;

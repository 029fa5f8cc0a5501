// Everything of attachments that talks to the backend, in one chunk loaded on demand
// (index.ts, loadAttachmentCode): the Storage client and its transfers, and the rows.
export { attachFile, type AttachRequest } from './attachment-upload';
export {
  AttachmentStorageError,
  coverUrl,
  removeObjects,
  signedUrl,
  thumbnailUrl,
  type StorageFailure,
} from './attachment-storage';
export {
  boardAttachmentPaths,
  deleteAttachment,
  isQuotaError,
  renameAttachment,
  restoreAttachment,
  setCardCover,
} from './attachment-rows';

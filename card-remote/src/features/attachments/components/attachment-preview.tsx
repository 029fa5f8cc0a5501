import { Modal, isPdfType, t, type CardAttachment } from '@taskflow/shared';
import { useAttachmentUrl } from './use-attachment-url';

/** An image or a PDF, shown in a dialog over the card through a signed link. */
export const AttachmentPreview = ({
  attachment,
  onClose,
}: {
  attachment: CardAttachment;
  onClose: () => void;
}) => {
  const url = useAttachmentUrl(attachment, { kind: 'view' });
  const title = t('attachments.previewTitle', { name: attachment.name });
  return (
    <Modal title={title} onClose={onClose} size="lg" cancelLabel={t('attachments.close')}>
      {!url ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {t('attachments.previewLoading')}
        </p>
      ) : isPdfType(attachment.mime_type) ? (
        <iframe src={url} title={attachment.name} className="h-[70vh] w-full rounded border-0" />
      ) : (
        <img
          src={url}
          alt={attachment.name}
          width={attachment.image_width ?? undefined}
          height={attachment.image_height ?? undefined}
          className="mx-auto h-auto max-h-[70vh] w-auto max-w-full object-contain"
        />
      )}
    </Modal>
  );
};

import {
  Button,
  TextInput,
  formatDateTime,
  formatFileSize,
  isImageType,
  isPdfType,
  loadAttachmentCode,
  showToast,
  t,
  type CardAttachment,
} from '@taskflow/shared';
import { useState, type FormEvent } from 'react';
import { useAttachmentUrl } from './use-attachment-url';

const THUMB = 48;

const Thumbnail = ({ attachment }: { attachment: CardAttachment }) => {
  // Twice the shown size, for sharp pixels on a high-density screen.
  const url = useAttachmentUrl(attachment, {
    kind: 'thumbnail',
    width: THUMB * 2,
    height: THUMB * 2,
  });
  return (
    <span className="flex size-12 shrink-0 items-center justify-center overflow-hidden rounded bg-slate-100 text-xs font-semibold uppercase text-slate-600 dark:bg-slate-700 dark:text-slate-200">
      {isImageType(attachment.mime_type) && url ? (
        <img src={url} alt="" width={THUMB} height={THUMB} className="size-12 object-cover" />
      ) : (
        <span aria-hidden="true">{attachment.name.split('.').pop()?.slice(0, 4) ?? ''}</span>
      )}
    </span>
  );
};

/** Opens a signed link: in a new tab, or as a download under the file's name. */
const follow = async (attachment: CardAttachment, download: boolean) => {
  try {
    const code = await loadAttachmentCode();
    const url = await code.signedUrl(
      attachment.object_path,
      download ? attachment.name : undefined,
    );
    const link = document.createElement('a');
    link.href = url;
    if (download) link.download = attachment.name;
    else {
      link.target = '_blank';
      link.rel = 'noopener';
    }
    link.click();
  } catch {
    showToast(t('attachments.linkFailed'), 'error');
  }
};

export const AttachmentItem = ({
  attachment,
  uploader,
  isCover,
  onCover,
  onPreview,
  onDelete,
}: {
  attachment: CardAttachment;
  uploader: string | undefined;
  isCover: boolean;
  onCover: (cover: boolean) => void;
  onPreview: () => void;
  onDelete: () => void;
}) => {
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(attachment.name);
  const image = isImageType(attachment.mime_type);
  const previewable = image || isPdfType(attachment.mime_type);
  const named = { name: attachment.name };

  const rename = async (event: FormEvent) => {
    event.preventDefault();
    const next = name.trim();
    setRenaming(false);
    if (!next || next === attachment.name) return;
    try {
      await (await loadAttachmentCode()).renameAttachment(attachment.id, next);
    } catch {
      setName(attachment.name);
      showToast(t('attachments.actionFailed'), 'error');
    }
  };

  return (
    <li className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 p-2 dark:border-slate-700">
      <Thumbnail attachment={attachment} />
      <div className="min-w-0 flex-1">
        {renaming ? (
          <form onSubmit={(event) => void rename(event)} className="flex gap-2">
            <TextInput
              value={name}
              maxLength={512}
              aria-label={t('attachments.renameLabel')}
              autoFocus
              onChange={(event) => setName(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Escape') {
                  event.stopPropagation();
                  setName(attachment.name);
                  setRenaming(false);
                }
              }}
            />
            <Button type="submit" size="sm">
              {t('attachments.save')}
            </Button>
          </form>
        ) : (
          <p className="truncate text-sm font-medium">
            {attachment.name}
            {isCover ? (
              <span className="ml-2 rounded bg-blue-100 px-1.5 py-0.5 text-xs text-blue-800 dark:bg-blue-900 dark:text-blue-100">
                {t('attachments.isCover')}
              </span>
            ) : null}
          </p>
        )}
        <p className="text-xs text-slate-600 dark:text-slate-300">
          {t('attachments.meta', {
            size: formatFileSize(attachment.size),
            uploader: uploader || t('attachments.unknownUploader'),
            time: formatDateTime(attachment.created_at),
          })}
        </p>
      </div>
      <div className="flex flex-wrap gap-1">
        {previewable ? (
          <Button
            variant="secondary"
            size="sm"
            aria-label={t('attachments.previewNamed', named)}
            onClick={onPreview}
          >
            {t('attachments.preview')}
          </Button>
        ) : (
          <Button
            variant="secondary"
            size="sm"
            aria-label={t('attachments.openNamed', named)}
            onClick={() => void follow(attachment, false)}
          >
            {t('attachments.open')}
          </Button>
        )}
        <Button
          variant="secondary"
          size="sm"
          aria-label={t('attachments.downloadNamed', named)}
          onClick={() => void follow(attachment, true)}
        >
          {t('attachments.download')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          aria-label={t('attachments.renameNamed', named)}
          onClick={() => setRenaming(true)}
        >
          {t('attachments.rename')}
        </Button>
        {image ? (
          <Button variant="secondary" size="sm" onClick={() => onCover(!isCover)}>
            {isCover ? t('attachments.removeCover') : t('attachments.setCover')}
          </Button>
        ) : null}
        <Button
          variant="danger"
          size="sm"
          aria-label={t('attachments.deleteNamed', named)}
          onClick={onDelete}
        >
          {t('attachments.delete')}
        </Button>
      </div>
    </li>
  );
};

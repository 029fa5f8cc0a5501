// The card's files and the transfers under way: loaded with the first file (attachment-
// section.tsx), with its texts (de-on-demand.ts) and the Storage client (loadAttachmentCode).
import '../../../components/on-demand-texts';
import {
  boardStore,
  formatDateTime,
  loadAttachmentCode,
  showToast,
  t,
  type Card,
  type CardAttachment,
  type MemberProfile,
} from '@taskflow/shared';
import { useEffect, useRef, useState } from 'react';
import { AttachmentItem } from './attachment-item';
import { AttachmentPreview } from './attachment-preview';
import type { IncomingFile } from './incoming-file';

/** How long 'Rückgängig' is offered; the server keeps the file 30 s (47_attachments.sql). */
const UNDO_MS = 8000;

interface Upload {
  key: string;
  name: string;
  fraction: number;
  controller: AbortController;
}

const pastedName = (file: File): File => {
  const stamp = formatDateTime(new Date().toISOString()).replace(/[/:]/g, '-');
  const name = t('attachments.pastedImage', { time: stamp });
  return new File([file], file.type === 'image/png' ? name : name.replace(/\.png$/, ''), {
    type: file.type,
  });
};

const failureText = async (error: unknown, name: string): Promise<string | null> => {
  const code = await loadAttachmentCode();
  if (error instanceof code.AttachmentStorageError) {
    if (error.reason === 'aborted') return null;
    if (error.reason === 'tooLarge') return t('attachments.tooLarge');
  }
  if (code.isQuotaError(error)) return t('attachments.quotaExceeded');
  return t('attachments.uploadFailed', { name });
};

const AttachmentPanel = ({
  boardId,
  card,
  profiles,
  incoming,
  onTaken,
}: {
  boardId: string;
  card: Card;
  profiles: Record<string, MemberProfile>;
  incoming: IncomingFile[];
  onTaken: () => void;
}) => {
  const [uploads, setUploads] = useState<Upload[]>([]);
  // Rows this user just added or removed, shown so until the board's live feed says so too.
  const [added, setAdded] = useState<CardAttachment[]>([]);
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const [previewing, setPreviewing] = useState<CardAttachment | null>(null);
  const nextKey = useRef(0);

  useEffect(() => {
    if (incoming.length === 0) return;
    onTaken();
    for (const item of incoming) {
      const file = item.pasted ? pastedName(item.file) : item.file;
      const upload: Upload = {
        key: `upload-${(nextKey.current += 1)}`,
        name: file.name,
        fraction: 0,
        controller: new AbortController(),
      };
      setUploads((all) => [...all, upload]);
      const progress = (fraction: number) =>
        setUploads((all) => all.map((u) => (u.key === upload.key ? { ...u, fraction } : u)));
      void loadAttachmentCode()
        .then((code) =>
          code.attachFile({
            boardId,
            cardId: card.id,
            file,
            onProgress: progress,
            signal: upload.controller.signal,
          }),
        )
        .then((row) => setAdded((rows) => [...rows, row]))
        .catch(async (error: unknown) => {
          const message = await failureText(error, file.name);
          if (message) showToast(message, 'error');
        })
        .finally(() => setUploads((all) => all.filter((u) => u.key !== upload.key)));
    }
  }, [incoming, onTaken, boardId, card.id]);

  // Uploads still running when the card closes are cancelled: their rows would have no view.
  const running = useRef(uploads);
  running.current = uploads;
  useEffect(() => () => running.current.forEach((u) => u.controller.abort()), []);

  const known = new Set(card.attachments.map((a) => a.id));
  const shown = [...card.attachments, ...added.filter((a) => !known.has(a.id))].filter(
    (a) => !removed.has(a.id),
  );

  const remove = async (attachment: CardAttachment) => {
    const wasCover = card.cover_attachment_id === attachment.id;
    setRemoved((ids) => new Set(ids).add(attachment.id));
    const code = await loadAttachmentCode();
    const restore = async () => {
      try {
        await code.restoreAttachment(attachment);
        if (wasCover) await boardStore.updateCard(card.id, { cover_attachment_id: attachment.id });
      } catch {
        showToast(t('attachments.actionFailed'), 'error');
      } finally {
        setRemoved((ids) => {
          const rest = new Set(ids);
          rest.delete(attachment.id);
          return rest;
        });
      }
    };
    try {
      await code.deleteAttachment(attachment.id);
      setAdded((rows) => rows.filter((a) => a.id !== attachment.id));
      showToast(t('attachments.deleted', { name: attachment.name }), 'info', {
        action: { label: t('attachments.undo'), run: () => void restore() },
        durationMs: UNDO_MS,
        focus: true,
      });
    } catch {
      setRemoved((ids) => {
        const rest = new Set(ids);
        rest.delete(attachment.id);
        return rest;
      });
      showToast(t('attachments.actionFailed'), 'error');
    }
  };

  return (
    <div className="space-y-2">
      {uploads.length > 0 ? (
        <ul className="space-y-2" aria-label={t('attachments.uploadsLabel')}>
          {uploads.map((upload) => {
            const percent = Math.round(upload.fraction * 100);
            const label = t('attachments.uploading', { name: upload.name, percent });
            return (
              <li key={upload.key} className="flex items-center gap-2 text-sm">
                <div className="min-w-0 flex-1">
                  <p className="truncate">{upload.name}</p>
                  <progress className="h-2 w-full" max={100} value={percent} aria-label={label} />
                </div>
                <button
                  type="button"
                  className="rounded px-2 py-1 text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-2 dark:text-slate-200 dark:hover:bg-slate-700"
                  aria-label={t('attachments.cancelUpload', { name: upload.name })}
                  onClick={() => upload.controller.abort()}
                >
                  {t('attachments.cancel')}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {shown.length > 0 ? (
        <ul className="space-y-2" aria-label={t('attachments.list')}>
          {shown.map((attachment) => (
            <AttachmentItem
              key={attachment.id}
              attachment={attachment}
              uploader={
                attachment.uploaded_by ? profiles[attachment.uploaded_by]?.full_name : undefined
              }
              isCover={card.cover_attachment_id === attachment.id}
              onCover={(cover) =>
                void boardStore.updateCard(card.id, {
                  cover_attachment_id: cover ? attachment.id : null,
                })
              }
              onPreview={() => setPreviewing(attachment)}
              onDelete={() => void remove(attachment)}
            />
          ))}
        </ul>
      ) : null}
      {previewing ? (
        <AttachmentPreview attachment={previewing} onClose={() => setPreviewing(null)} />
      ) : null}
    </div>
  );
};

export default AttachmentPanel;

import { Button, t, type Card, type MemberProfile } from '@taskflow/shared';
import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import { Section } from '../../../components/section';
import type { IncomingFile } from './incoming-file';

// The list, the transfers and the preview load with the first file: a card without attachments
// opens with nothing but this section's button (the first load's budget, README "Delivery").
const AttachmentPanel = lazy(() => import('./attachment-panel'));

const filesOf = (list: FileList | null | undefined): File[] => (list ? Array.from(list) : []);
const carriesFiles = (event: DragEvent) => !!event.dataTransfer?.types.includes('Files');

/**
 * 'Anhänge': files come by the button, by dropping them anywhere on the open card, or by
 * pasting an image (a screenshot) while the card is open. They are handed to the panel, which
 * uploads them and lists the card's files.
 */
export const AttachmentSection = ({
  boardId,
  card,
  profiles,
}: {
  boardId: string;
  card: Card;
  profiles: Record<string, MemberProfile>;
}) => {
  const [incoming, setIncoming] = useState<IncomingFile[]>([]);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const section = useRef<HTMLDivElement>(null);

  const receive = useCallback((files: File[], pasted: boolean) => {
    if (files.length > 0)
      setIncoming((queue) => [...queue, ...files.map((file) => ({ file, pasted }))]);
  }, []);
  const taken = useCallback(() => setIncoming([]), []);

  // Listened to on the whole dialog: a drop or a paste anywhere on the card attaches.
  useEffect(() => {
    const dialog = section.current?.closest<HTMLElement>('[role="dialog"]');
    if (!dialog) return;
    const onPaste = (event: ClipboardEvent) => {
      const files = filesOf(event.clipboardData?.files);
      if (files.length === 0) return;
      event.preventDefault();
      receive(files, true);
    };
    const onDragOver = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      setDragging(true);
    };
    const onDragLeave = (event: DragEvent) => {
      if (!event.relatedTarget || !dialog.contains(event.relatedTarget as Node)) setDragging(false);
    };
    const onDrop = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      setDragging(false);
      receive(filesOf(event.dataTransfer?.files), false);
    };
    dialog.addEventListener('paste', onPaste);
    dialog.addEventListener('dragover', onDragOver);
    dialog.addEventListener('dragleave', onDragLeave);
    dialog.addEventListener('drop', onDrop);
    return () => {
      dialog.removeEventListener('paste', onPaste);
      dialog.removeEventListener('dragover', onDragOver);
      dialog.removeEventListener('dragleave', onDragLeave);
      dialog.removeEventListener('drop', onDrop);
    };
  }, [receive]);

  return (
    <div ref={section}>
      <Section
        title={t('attachments.title')}
        aside={
          <Button variant="secondary" size="sm" onClick={() => input.current?.click()}>
            {t('attachments.add')}
          </Button>
        }
      >
        <input
          ref={input}
          type="file"
          multiple
          hidden
          data-testid="attachment-input"
          onChange={(event) => {
            receive(filesOf(event.target.files), false);
            event.target.value = '';
          }}
        />
        {dragging ? (
          <p className="rounded-lg border-2 border-dashed border-blue-400 p-3 text-center text-sm text-blue-700 dark:text-blue-300">
            {t('attachments.dropHere')}
          </p>
        ) : null}
        {card.attachments.length > 0 || incoming.length > 0 ? (
          <Suspense fallback={null}>
            <AttachmentPanel
              boardId={boardId}
              card={card}
              profiles={profiles}
              incoming={incoming}
              onTaken={taken}
            />
          </Suspense>
        ) : null}
      </Section>
    </div>
  );
};

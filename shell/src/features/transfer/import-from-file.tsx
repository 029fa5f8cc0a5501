import {
  ApiError,
  Button,
  MAX_ATTACHMENT_BYTES,
  MAX_IMPORT_FILE_BYTES,
  importBoard,
  isNetworkError,
  t,
} from '@taskflow/shared';
import type { BoardArchive } from '@taskflow/shared/transfer';
import { useRef, useState } from 'react';
import { restoreArchiveFiles, type RestoredFiles } from './archive-files';
import { loadTransfer } from './load-transfer';
import { ImportProgress, type ImportStage } from './import-progress';
import { TransferError } from './transfer-error';
import type { ImportSummary } from './import-summary-dialog';

interface ImportFromFileProps {
  /** The board exists and is selected; the caller shows the summary. */
  onImported: (summary: ImportSummary) => void;
  /** True while an import runs, so the caller can hold back its other actions. */
  onBusyChange?: (busy: boolean) => void;
}

const megabytes = (bytes: number) =>
  `${new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 }).format(bytes / 1024 / 1024)} MB`;

/** Reads a file as text and reports how much of it has arrived (0 to 1). */
const readText = (file: File, onProgress: (fraction: number) => void): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsText(file, 'utf-8');
  });

/** Gives the browser a frame to paint the new stage before the next piece of work. */
const nextFrame = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// The server checks again what the app checked; what it refuses is the file's fault (a 4xx),
// what fails otherwise is worth a retry.
const serverMessage = (error: unknown): string => {
  if (isNetworkError(error)) return t('connection.notSent');
  if (error instanceof ApiError && error.status === 413) return t('transfer.errors.tooMany');
  if (error instanceof ApiError && error.status === 429) return t('transfer.errors.rateLimited');
  if (
    error instanceof ApiError &&
    error.status !== null &&
    error.status >= 400 &&
    error.status < 500
  )
    return t('transfer.errors.refused');
  return t('transfer.errors.failed');
};

/**
 * 'Aus Datei importieren': a TaskFlow or Trello export into a new board, with its stages shown
 * as they happen (reading, checking, creating). Nothing is created unless everything is.
 */
export const ImportFromFile = ({ onImported, onBusyChange }: ImportFromFileProps) => {
  const input = useRef<HTMLInputElement>(null);
  const [stage, setStage] = useState<ImportStage | null>(null);
  const [readFraction, setReadFraction] = useState(0);
  const [files, setFiles] = useState<{ done: number; total: number } | undefined>();
  const [error, setError] = useState<string | null>(null);

  const run = async (file: File) => {
    setError(null);
    setReadFraction(0);
    setFiles(undefined);
    setStage('reading');
    onBusyChange?.(true);
    try {
      const transfer = await loadTransfer();
      let prepared;
      // An export "with files": the document is the archive's board.json, the files follow
      // once the board exists.
      let archive: BoardArchive | null = null;
      try {
        let text: string;
        if (await transfer.isZipArchive(file)) {
          archive = await transfer.openBoardArchive(file, MAX_ATTACHMENT_BYTES);
          text = archive.documentText;
        } else {
          transfer.checkImportFile(file);
          text = await readText(file, setReadFraction);
        }
        setStage('checking');
        await nextFrame();
        prepared = transfer.prepareImport(text);
      } catch (problem) {
        if (problem instanceof transfer.TransferError) {
          setError(
            t(`transfer.errors.${problem.code}`, {
              max: megabytes(MAX_IMPORT_FILE_BYTES),
            }),
          );
          // The detail (which field) is for support; the user gets the message above.
          console.info('Import refused:', problem.message);
          return;
        }
        throw problem;
      }
      setStage('creating');
      const result = await importBoard(prepared.document);
      let restored: RestoredFiles | undefined;
      if (archive) {
        setStage('files');
        restored = await restoreArchiveFiles(archive, prepared.document, result, (done, total) =>
          setFiles({ done, total }),
        );
      }
      setStage('done');
      onImported({
        title: result.board.title,
        source: prepared.source,
        lists: result.lists,
        cards: result.cards,
        skippedLists: prepared.skippedLists,
        skippedCards: prepared.skippedCards,
        unassigned: prepared.peopleWithoutEmail + result.unregistered,
        membersAdded: result.members_added,
        ...(restored ? { files: restored } : {}),
      });
    } catch (problem) {
      setError(serverMessage(problem));
    } finally {
      setStage((current) => (current === 'done' ? current : null));
      onBusyChange?.(false);
    }
  };

  return (
    <div className="mt-4 border-t border-slate-100 pt-4">
      <input
        ref={input}
        type="file"
        accept=".json,application/json,.zip,application/zip"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="import-file-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so that choosing the same file again (after fixing it) fires again.
          event.target.value = '';
          if (file) void run(file);
        }}
      />
      <div className="flex flex-col gap-1 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-500">
          {t('transfer.importHint', { max: megabytes(MAX_IMPORT_FILE_BYTES) })}
        </p>
        <Button
          variant="secondary"
          disabled={stage !== null && stage !== 'done'}
          onClick={() => input.current?.click()}
          className="shrink-0"
        >
          {t('transfer.importFromFile')}
        </Button>
      </div>
      {stage ? <ImportProgress stage={stage} readFraction={readFraction} files={files} /> : null}
      <TransferError text={error} />
    </div>
  );
};

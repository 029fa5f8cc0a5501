import {
  Button,
  Modal,
  fetchBoardExport,
  isNetworkError,
  showToast,
  t,
  type Board,
} from '@taskflow/shared';
import { useId, useState } from 'react';
import { packBoardWithFiles } from './archive-files';
import { downloadBlob, downloadText, loadTransfer } from './load-transfer';
import { TransferError } from './transfer-error';

interface ExportDialogProps {
  board: Board;
  onClose: () => void;
}

type Format = 'json' | 'csv';

/**
 * 'Exportieren': the board as a complete JSON document or as a CSV table. Both come from one
 * export_board call, so the CSV shows exactly what the JSON holds. 'Mit Dateien exportieren'
 * makes the JSON a ZIP of the document and the cards' files.
 */
export const ExportDialog = ({ board, onClose }: ExportDialogProps) => {
  const [busy, setBusy] = useState<Format | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [withFiles, setWithFiles] = useState(false);
  const [packed, setPacked] = useState<{ done: number; total: number } | null>(null);
  const withFilesId = useId();

  const download = async (format: Format) => {
    setBusy(format);
    setFailed(null);
    try {
      const [transfer, raw] = await Promise.all([loadTransfer(), fetchBoardExport(board.id)]);
      if (format === 'json' && withFiles) {
        const fileName = transfer.exportFileName(board.title, 'zip');
        const document = transfer.boardDocumentSchema.parse(raw);
        const archive = await packBoardWithFiles(board.id, document, (done, total) =>
          setPacked({ done, total }),
        );
        downloadBlob(fileName, archive);
        showToast(t('transfer.exportDone', { name: fileName }), 'success');
        onClose();
        return;
      }
      const fileName = transfer.exportFileName(board.title, format);
      if (format === 'json') {
        downloadText(fileName, JSON.stringify(raw, null, 2), 'application/json');
      } else {
        const document = transfer.boardDocumentSchema.parse(raw);
        downloadText(fileName, transfer.boardCsv(document), 'text/csv;charset=utf-8');
      }
      showToast(t('transfer.exportDone', { name: fileName }), 'success');
      onClose();
    } catch (error) {
      setFailed(t(isNetworkError(error) ? 'connection.notSent' : 'transfer.exportFailed'));
    } finally {
      setBusy(null);
      setPacked(null);
    }
  };

  const option = (format: Format, label: string, hint: string) => (
    <li className="flex flex-col gap-1 rounded-lg border border-slate-200 p-3 sm:flex-row sm:items-center sm:justify-between">
      <span className="text-sm text-slate-600">{hint}</span>
      <Button
        variant={format === 'json' ? 'primary' : 'secondary'}
        disabled={busy !== null}
        onClick={() => void download(format)}
        className="shrink-0"
      >
        {busy !== format
          ? label
          : packed && packed.total > 0
            ? t('transfer.packingFiles', packed)
            : t('transfer.exporting')}
      </Button>
    </li>
  );

  return (
    <Modal title={t('transfer.exportTitle')} onClose={onClose} cancelLabel={t('boards.cancel')}>
      <p className="mb-3 text-sm text-slate-600">{t('transfer.exportIntro')}</p>
      <div className="mb-3 flex items-start gap-2">
        <input
          id={withFilesId}
          type="checkbox"
          checked={withFiles}
          disabled={busy !== null}
          onChange={(event) => setWithFiles(event.target.checked)}
          aria-describedby={`${withFilesId}-hint`}
          className="mt-1 h-4 w-4 rounded border-slate-300 text-indigo-600 focus-visible:ring-2 focus-visible:ring-indigo-500"
        />
        <div>
          <label htmlFor={withFilesId} className="text-sm font-medium text-slate-800">
            {t('transfer.exportWithFiles')}
          </label>
          <p id={`${withFilesId}-hint`} className="text-xs text-slate-500">
            {t('transfer.exportWithFilesHint')}
          </p>
        </div>
      </div>
      <ul className="flex flex-col gap-2">
        {option('json', t('transfer.exportJson'), t('transfer.exportJsonHint'))}
        {option('csv', t('transfer.exportCsv'), t('transfer.exportCsvHint'))}
      </ul>
      <TransferError text={failed} />
    </Modal>
  );
};

import {
  Button,
  Modal,
  fetchBoardExport,
  isNetworkError,
  showToast,
  t,
  type Board,
} from '@taskflow/shared';
import { useState } from 'react';
import { downloadText, loadTransfer } from './load-transfer';
import { TransferError } from './transfer-error';

interface ExportDialogProps {
  board: Board;
  onClose: () => void;
}

type Format = 'json' | 'csv';

/**
 * 'Exportieren': the board as a complete JSON document or as a CSV table. Both come from one
 * export_board call, so the CSV shows exactly what the JSON holds.
 */
export const ExportDialog = ({ board, onClose }: ExportDialogProps) => {
  const [busy, setBusy] = useState<Format | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  const download = async (format: Format) => {
    setBusy(format);
    setFailed(null);
    try {
      const [transfer, raw] = await Promise.all([loadTransfer(), fetchBoardExport(board.id)]);
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
        {busy === format ? t('transfer.exporting') : label}
      </Button>
    </li>
  );

  return (
    <Modal title={t('transfer.exportTitle')} onClose={onClose} cancelLabel={t('boards.cancel')}>
      <p className="mb-3 text-sm text-slate-600">{t('transfer.exportIntro')}</p>
      <ul className="flex flex-col gap-2">
        {option('json', t('transfer.exportJson'), t('transfer.exportJsonHint'))}
        {option('csv', t('transfer.exportCsv'), t('transfer.exportCsvHint'))}
      </ul>
      <TransferError text={failed} />
    </Modal>
  );
};

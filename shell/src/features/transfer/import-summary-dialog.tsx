import { Button, Modal, t } from '@taskflow/shared';

export interface ImportSummary {
  title: string;
  source: 'taskflow' | 'trello';
  lists: number;
  cards: number;
  skippedLists: number;
  skippedCards: number;
  /** People of the file without a TaskFlow account (or without an e-mail address). */
  unassigned: number;
  membersAdded: number;
  /** From a ZIP export: the files restored onto the cards, and those that could not be. */
  files?: { restored: number; missing: number };
}

interface ImportSummaryDialogProps {
  summary: ImportSummary;
  onClose: () => void;
}

/** What an import created and what it left out, after the board is there. */
export const ImportSummaryDialog = ({ summary, onClose }: ImportSummaryDialogProps) => {
  const rows: [string, number][] = [
    [t('transfer.summaryLists'), summary.lists],
    [t('transfer.summaryCards'), summary.cards],
    [t('transfer.summarySkippedLists'), summary.skippedLists],
    [t('transfer.summarySkippedCards'), summary.skippedCards],
    [t('transfer.summaryMembers'), summary.membersAdded],
    [t('transfer.summaryUnassigned'), summary.unassigned],
    ...(summary.files
      ? ([
          [t('transfer.summaryFiles'), summary.files.restored],
          [t('transfer.summaryFilesMissing'), summary.files.missing],
        ] as [string, number][])
      : []),
  ];
  return (
    <Modal
      title={t('transfer.summaryTitle')}
      onClose={onClose}
      size="sm"
      footer={
        <Button onClick={onClose} data-autofocus>
          {t('transfer.openBoard')}
        </Button>
      }
    >
      <p className="text-sm text-slate-700">
        {t('transfer.summaryIntro', { title: summary.title })}
      </p>
      <p className="mt-1 text-xs text-slate-500">{t(`transfer.summarySource.${summary.source}`)}</p>
      <dl
        className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm"
        data-testid="import-summary"
      >
        {rows.map(([label, count]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="text-right font-medium text-slate-900 tabular-nums">{count}</dd>
          </div>
        ))}
      </dl>
      {summary.unassigned > 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t('transfer.summaryUnassignedHint')}</p>
      ) : null}
      {summary.files && summary.files.missing > 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t('transfer.summaryFilesMissingHint')}</p>
      ) : null}
    </Modal>
  );
};

import { t } from '@taskflow/shared';

export type ImportStage = 'reading' | 'checking' | 'creating' | 'files' | 'done';

// Each stage owns a share of the bar; reading advances with the bytes read, creating is one
// server call and shows its share as begun until the answer comes; restoring a ZIP's files
// advances file by file.
const start: Record<ImportStage, number> = {
  reading: 0,
  checking: 40,
  creating: 60,
  files: 70,
  done: 100,
};
const READING_SHARE = 40;
const FILES_SHARE = 30;

interface ImportProgressProps {
  stage: ImportStage;
  /** 0 to 1, while reading. */
  readFraction: number;
  /** While restoring a ZIP's files: how many of how many are done. */
  files?: { done: number; total: number };
}

export const ImportProgress = ({ stage, readFraction, files }: ImportProgressProps) => {
  const value = Math.round(
    stage === 'reading'
      ? readFraction * READING_SHARE
      : stage === 'files'
        ? start.files + (files && files.total > 0 ? (files.done / files.total) * FILES_SHARE : 0)
        : start[stage] + (stage === 'creating' ? 10 : 0),
  );
  const label = t(`transfer.stage.${stage}`, {
    done: files?.done ?? 0,
    total: files?.total ?? 0,
  });
  return (
    <div className="mt-3" aria-live="polite">
      <div
        role="progressbar"
        aria-label={t('transfer.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={label}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className={`h-full rounded-full bg-indigo-500 transition-[width] duration-300 ${
            stage === 'creating' ? 'animate-pulse' : ''
          }`}
          style={{ width: `${value}%` }}
        />
      </div>
      <p className="mt-1 text-sm text-slate-600">{label}</p>
    </div>
  );
};

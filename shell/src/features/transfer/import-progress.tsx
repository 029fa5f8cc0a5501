import { t } from '@taskflow/shared';

export type ImportStage = 'reading' | 'checking' | 'creating' | 'done';

// Each stage owns a share of the bar; reading advances with the bytes read, creating is one
// server call and shows its share as begun until the answer comes.
const start: Record<ImportStage, number> = { reading: 0, checking: 40, creating: 60, done: 100 };
const READING_SHARE = 40;

interface ImportProgressProps {
  stage: ImportStage;
  /** 0 to 1, while reading. */
  readFraction: number;
}

export const ImportProgress = ({ stage, readFraction }: ImportProgressProps) => {
  const value = Math.round(
    stage === 'reading'
      ? readFraction * READING_SHARE
      : start[stage] + (stage === 'creating' ? 10 : 0),
  );
  const label = t(`transfer.stage.${stage}`);
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

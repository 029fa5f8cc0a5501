import { t } from '@taskflow/shared';

/**
 * The screen while the session is checked. shell/index.html holds the same markup, painted before
 * any script has run: keep the two alike.
 */
export const LoadingScreen = () => (
  <div className="flex min-h-full items-center justify-center" role="status">
    <div className="flex items-center gap-3 text-slate-500">
      <span className="h-5 w-5 animate-spin rounded-full border-2 border-indigo-200 border-t-indigo-600" />
      <span>{t('app.loading')}</span>
    </div>
  </div>
);

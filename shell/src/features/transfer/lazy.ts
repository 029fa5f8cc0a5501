// The transfer views load with the formats, when the user opens 'Exportieren' or the new-board
// dialog, not with the app: the first-load budget (e2e/delivery.test.ts) does not grow for them.
import { lazyView } from '../loading/lazy-view';

export const LazyExportDialog = lazyView(() => import('./export-dialog'), 'ExportDialog');
export const LazyImportFromFile = lazyView(() => import('./import-from-file'), 'ImportFromFile');
export const LazyImportSummaryDialog = lazyView(
  () => import('./import-summary-dialog'),
  'ImportSummaryDialog',
);

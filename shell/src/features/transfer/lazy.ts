// The transfer views load with the formats, when the user opens 'Exportieren' or the new-board
// dialog, not with the app: the first-load budget (e2e/delivery.test.ts) does not grow for them.
import { lazyExport } from '../loading/lazy-export';

export const LazyExportDialog = lazyExport(() => import('./export-dialog'), 'ExportDialog');
export const LazyImportFromFile = lazyExport(() => import('./import-from-file'), 'ImportFromFile');
export const LazyImportSummaryDialog = lazyExport(
  () => import('./import-summary-dialog'),
  'ImportSummaryDialog',
);

// The transfer views load with the formats, when the user opens 'Exportieren' or the new-board
// dialog, not with the app: the first-load budget (e2e/delivery.test.ts) does not grow for them.
import { lazy } from 'react';

export const LazyExportDialog = lazy(async () => ({
  default: (await import('./export-dialog')).ExportDialog,
}));
export const LazyImportFromFile = lazy(async () => ({
  default: (await import('./import-from-file')).ImportFromFile,
}));
export const LazyImportSummaryDialog = lazy(async () => ({
  default: (await import('./import-summary-dialog')).ImportSummaryDialog,
}));

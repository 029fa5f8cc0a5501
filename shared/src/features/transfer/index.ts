// The transfer feature's public file in the main entry: fetching a board's export and the file
// size limit. The formats themselves (zod, papaparse, the mappers) are the on-demand entry
// '@taskflow/shared/transfer' (formats.ts); importing runs through the workspace (importBoard).
export { fetchBoardExport, type ImportedBoard } from './transfer-api';
export { MAX_IMPORT_FILE_BYTES } from './limits';

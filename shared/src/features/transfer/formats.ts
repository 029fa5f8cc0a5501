// @taskflow/shared/transfer: the export and import formats. Pure functions, loaded by the
// shell on demand (dynamic import), so zod, papaparse and the mappers stay out of the first
// load. The RPCs themselves are in the main entry (exportBoard, importBoard).
import { deOnDemand } from '../../kernel/i18n/de-on-demand';
import { addTexts } from '../../kernel/i18n/t';

// The formats' messages and CSV headings (transfer.*) load with them.
addTexts(deOnDemand);

export {
  boardDocumentSchema,
  cardCount,
  importLimits,
  MAX_IMPORT_FILE_BYTES,
  BOARD_DOCUMENT_FORMAT,
  BOARD_DOCUMENT_VERSION,
  type BoardDocument,
  type DocumentCard,
  type DocumentList,
  type DocumentLabel,
  type DocumentAttachment,
} from './board-document';
export { boardCsv, csvHeaders } from './board-csv';
export {
  ARCHIVE_DOCUMENT,
  MAX_ARCHIVE_BYTES,
  isZipArchive,
  openBoardArchive,
  packBoardArchive,
  type ArchiveSource,
  type BoardArchive,
} from './board-zip';
export { exportFileName } from './file-name';
export {
  checkImportFile,
  prepareImport,
  type PreparedImport,
  type ImportSource,
} from './read-import';
export {
  descriptionWithLinks,
  mapTrelloBoard,
  nearestLabelColor,
  trelloBoardSchema,
  looksLikeTrello,
  type TrelloImport,
} from './trello';
export { TransferError, type TransferErrorCode } from './transfer-error';

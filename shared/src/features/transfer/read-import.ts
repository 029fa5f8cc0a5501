// From a chosen file's text to the document import_board receives, whichever format it is in.
import {
  boardDocumentSchema,
  BOARD_DOCUMENT_FORMAT,
  BOARD_DOCUMENT_VERSION,
  cardCount,
  importLimits,
  MAX_IMPORT_FILE_BYTES,
  type BoardDocument,
} from './board-document';
import { looksLikeTrello, mapTrelloBoard, trelloBoardSchema } from './trello';
import { TransferError } from './transfer-error';

export type ImportSource = 'taskflow' | 'trello';

export interface PreparedImport {
  source: ImportSource;
  document: BoardDocument;
  /** Left out on the way (Trello: archived lists and cards). */
  skippedLists: number;
  skippedCards: number;
  /** People who cannot be matched before the server looks (Trello: no e-mail in the export). */
  peopleWithoutEmail: number;
}

/** Refuses a file before it is read: too large for the backend, or empty. */
export const checkImportFile = (file: { size: number }): void => {
  if (file.size === 0) throw new TransferError('empty');
  if (file.size > MAX_IMPORT_FILE_BYTES)
    throw new TransferError('tooLarge', `${file.size} bytes > ${MAX_IMPORT_FILE_BYTES}`);
};

/** The server's limits, counted as import_board counts them, so it is never asked in vain. */
const withinLimits = (doc: BoardDocument): void => {
  const cards = cardCount(doc);
  const rows = doc.lists.reduce(
    (sum, l) =>
      sum +
      l.cards.reduce(
        (inCard, c) =>
          inCard + 1 + c.subtasks.length + c.comments.length + c.labels.length + c.assignees.length,
        0,
      ),
    0,
  );
  const bytes = new TextEncoder().encode(JSON.stringify(doc)).length;
  if (
    doc.lists.length > importLimits.lists ||
    cards > importLimits.cards ||
    doc.labels.length > importLimits.labels ||
    doc.members.length > importLimits.members ||
    rows > importLimits.rows ||
    bytes > importLimits.bytes
  )
    throw new TransferError(
      'tooMany',
      `${doc.lists.length} lists, ${cards} cards, ${doc.labels.length} labels, ${doc.members.length} members, ${rows} rows, ${bytes} bytes`,
    );
};

const issuesOf = (error: { issues: { path: PropertyKey[]; message: string }[] }): string =>
  error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.map(String).join('.')}: ${issue.message}`)
    .join('; ');

/** Parses and validates a file's text as a TaskFlow export or a Trello export. */
export const prepareImport = (text: string): PreparedImport => {
  if (text.trim() === '') throw new TransferError('empty');
  let value: unknown;
  try {
    // A BOM (Windows editors add one) is not part of the JSON.
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new TransferError('notJson', error instanceof Error ? error.message : 'invalid JSON');
  }

  if (typeof value === 'object' && value !== null && 'format' in value) {
    const { format, version } = value as { format: unknown; version: unknown };
    if (format !== BOARD_DOCUMENT_FORMAT) throw new TransferError('unknownFormat', String(format));
    if (version !== BOARD_DOCUMENT_VERSION)
      throw new TransferError('unsupportedVersion', String(version));
    const parsed = boardDocumentSchema.safeParse(value);
    if (!parsed.success) throw new TransferError('invalid', issuesOf(parsed.error));
    withinLimits(parsed.data);
    return {
      source: 'taskflow',
      document: parsed.data,
      skippedLists: 0,
      skippedCards: 0,
      peopleWithoutEmail: parsed.data.members.filter((m) => m.email.trim() === '').length,
    };
  }

  if (looksLikeTrello(value)) {
    const parsed = trelloBoardSchema.safeParse(value);
    if (!parsed.success) throw new TransferError('invalid', issuesOf(parsed.error));
    const mapped = mapTrelloBoard(parsed.data);
    // The mapped document is checked like a TaskFlow file: one rule for what is sent.
    const checked = boardDocumentSchema.safeParse(mapped.document);
    if (!checked.success) throw new TransferError('invalid', issuesOf(checked.error));
    withinLimits(checked.data);
    return { source: 'trello', ...mapped, document: checked.data };
  }

  throw new TransferError('unknownFormat');
};

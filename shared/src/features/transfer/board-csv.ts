// The board as a spreadsheet: one row per card, German headers and values, semicolons and a
// UTF-8 byte-order mark so that German Excel opens it with umlauts intact.
import Papa from 'papaparse';
import { formatDate } from '../../domain/dates';
import { priorityName } from '../../domain/priority';
import { cardFieldLabel, t } from '../../kernel/i18n/t';
import type { BoardDocument, DocumentCard } from './board-document';

/** The card keys the columns below show (position orders the rows instead). */
const shown = new Set([
  'title',
  'description',
  'priority',
  'due_date',
  'labels',
  'assignees',
  'subtasks',
  'comments',
  'position',
  // The files are the ZIP export's; a table cell has no place for them.
  'attachments',
]);

/**
 * Every other key of the document's cards: columns of the cards table that the export carries
 * by name, each a CSV column of its own after the ones above, headed by its label in the
 * catalogue (`cardFields`).
 */
export const otherCardFields = (doc: Pick<BoardDocument, 'lists'>): string[] => {
  const keys = new Set<string>();
  for (const list of doc.lists)
    for (const card of list.cards)
      for (const key of Object.keys(card)) if (!shown.has(key)) keys.add(key);
  return [...keys].sort();
};

const plainNumber = new Intl.NumberFormat('de-DE', {
  useGrouping: false,
  maximumFractionDigits: 20,
});

/** A cell for any column's value: German numbers and dates, ja/nein, empty for null. */
const cell = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return t(value ? 'activity.yes' : 'activity.no');
  if (typeof value === 'number') return plainNumber.format(value);
  if (typeof value === 'string')
    return /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDate(value) : value;
  return JSON.stringify(value);
};

export const csvHeaders = (others: string[] = []): string[] => [
  t('transfer.csv.list'),
  t('transfer.csv.title'),
  t('transfer.csv.description'),
  t('transfer.csv.priority'),
  t('transfer.csv.due'),
  t('transfer.csv.labels'),
  t('transfer.csv.assignees'),
  t('transfer.csv.subtasks'),
  t('transfer.csv.comments'),
  ...others.map(cardFieldLabel),
];

const BOM = '\uFEFF';

/** The CSV text (with BOM) of an exported board document. */
export const boardCsv = (doc: BoardDocument): string => {
  const labelName = new Map(doc.labels.map((l) => [l.id, l.name]));
  const personName = new Map(doc.members.map((m) => [m.email, m.full_name.trim() || m.email]));
  const others = otherCardFields(doc);
  const rows = doc.lists.flatMap((list) =>
    [...list.cards]
      .sort((a, b) => a.position - b.position)
      .map((card) => [
        list.title,
        card.title,
        card.description,
        priorityName(card.priority),
        formatDate(card.due_date),
        card.labels.map((id) => labelName.get(id) ?? '').join(', '),
        card.assignees.map((email) => personName.get(email) ?? email).join(', '),
        `${card.subtasks.filter((s) => s.completed).length}/${card.subtasks.length}`,
        card.comments.length,
        ...others.map((key) => cell((card as DocumentCard)[key])),
      ]),
  );
  return (
    BOM +
    Papa.unparse(
      { fields: csvHeaders(others), data: rows },
      {
        delimiter: ';',
        newline: '\r\n',
        // A cell starting with = + - @ would run as a formula in Excel; papaparse quotes it
        // with a leading apostrophe.
        escapeFormulae: true,
      },
    )
  );
};

// The board as a spreadsheet: one row per card, German headers and values, semicolons and a
// UTF-8 byte-order mark so that German Excel opens it with umlauts intact.
import Papa from 'papaparse';
import { formatDate } from '../../domain/dates';
import { priorityName } from '../../domain/priority';
import { t } from '../../kernel/i18n/t';
import type { BoardDocument } from './board-document';

export const csvHeaders = (): string[] => [
  t('transfer.csv.list'),
  t('transfer.csv.title'),
  t('transfer.csv.description'),
  t('transfer.csv.priority'),
  t('transfer.csv.due'),
  t('transfer.csv.labels'),
  t('transfer.csv.assignees'),
  t('transfer.csv.subtasks'),
  t('transfer.csv.comments'),
];

const BOM = '\uFEFF';

/** The CSV text (with BOM) of an exported board document. */
export const boardCsv = (doc: BoardDocument): string => {
  const labelName = new Map(doc.labels.map((l) => [l.id, l.name]));
  const personName = new Map(doc.members.map((m) => [m.email, m.full_name.trim() || m.email]));
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
      ]),
  );
  return (
    BOM +
    Papa.unparse(
      { fields: csvHeaders(), data: rows },
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

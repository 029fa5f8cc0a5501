// The TaskFlow board document, version 1: what export_board returns and import_board accepts
// (supabase/migrations/20261124001000_board_export.sql, ..._001100_board_import.sql). The
// schema is the client's check of a file before anything is sent; the server checks the shape
// and limits again, since any client may call it.
import { z } from './zod';
import { boardBackgrounds, defaultBoardBackground } from '../../domain/board-backgrounds';
import { labelColorFor } from '../../domain/label-colors';
import { priorities } from '../../domain/priority';

export const BOARD_DOCUMENT_FORMAT = 'taskflow-board';
export const BOARD_DOCUMENT_VERSION = 1;

export { importLimits, MAX_IMPORT_FILE_BYTES } from './limits';

const isCalendarDate = (value: string): boolean => {
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
};

/** A `date` column: 'YYYY-MM-DD' and a real day (no 31 February). */
export const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine(isCalendarDate, 'not a calendar date');

const timestamp = z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'not a time');

// Titles and names are stored trimmed and non-blank (the tables' checks); trimming here keeps
// an export from another tool with stray spaces importable.
const title = z.string().trim().min(1);

const subtask = z.object({
  text: z.string().default(''),
  completed: z.boolean().default(false),
  position: z.number().finite(),
  due_date: calendarDate.nullable().default(null),
  assignee: z.string().nullable().default(null),
});

const comment = z.object({
  author_email: z.string().nullable().default(null),
  author_name: z.string().default(''),
  text: z.string().trim().min(1),
  created_at: timestamp.nullable().default(null),
  edited_at: timestamp.nullable().default(null),
});

/**
 * Where a file sits in an export "with files" (a ZIP): `files/<name>`, one level, no way out of
 * the folder. The path only names an entry of the archive; Storage paths are made anew.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it keeps out
export const ARCHIVE_FILE_PATH = /^files\/(?!\.{1,2}$)[^/\\\u0000-\u001f]{1,200}$/;

// A card's file as export_board describes it. Without the archive (a plain JSON export) the
// entry says what the card had; only an archive brings the bytes back.
const attachment = z.object({
  name: z.string().trim().min(1).max(500),
  size: z.number().int().nonnegative(),
  mime_type: z.string().default('application/octet-stream'),
  path: z.string().regex(ARCHIVE_FILE_PATH).nullable().default(null),
  cover: z.boolean().default(false),
});

// Loose: a card carries every column of the cards table by its name (export_board reads them
// from the table), so a column this client does not know yet travels through an import
// unchanged; the server converts and checks it like every column.
const card = z.looseObject({
  title,
  description: z.string().default(''),
  priority: z.enum(priorities as [string, ...string[]]).default('medium'),
  due_date: calendarDate.nullable().default(null),
  position: z.number().finite(),
  labels: z.array(z.string()).default([]),
  assignees: z.array(z.string()).default([]),
  // A blank subtask is an unsaved draft an older version wrote; the table refuses it now, so it
  // is left out rather than failing the whole import.
  subtasks: z
    .array(subtask)
    .default([])
    .transform((items) => items.filter((item) => item.text.trim() !== '')),
  comments: z.array(comment).default([]),
  attachments: z.array(attachment).default([]),
});

const list = z.object({
  title,
  position: z.number().finite(),
  cards: z.array(card).default([]),
});

const label = z.object({
  id: z.string().min(1),
  name: title,
  // A colour this version does not know is shown as the default, as the board does.
  color: z
    .string()
    .nullish()
    .transform((value) => labelColorFor(value).className),
});

const member = z.object({
  email: z.string(),
  full_name: z.string().default(''),
  role: z.enum(['owner', 'member']).default('member'),
});

export const boardDocumentSchema = z
  .object({
    format: z.literal(BOARD_DOCUMENT_FORMAT),
    version: z.literal(BOARD_DOCUMENT_VERSION),
    exported_at: timestamp.optional(),
    board: z.object({
      title,
      background: z
        .string()
        .nullish()
        .transform((value) =>
          (boardBackgrounds as readonly string[]).includes(value ?? '')
            ? (value as string)
            : defaultBoardBackground,
        ),
    }),
    members: z.array(member).default([]),
    labels: z.array(label).default([]),
    lists: z.array(list),
  })
  .superRefine((doc, context) => {
    const known = new Set(doc.labels.map((l) => l.id));
    doc.lists.forEach((l, listIndex) =>
      l.cards.forEach((c, cardIndex) => {
        if (c.labels.some((ref) => !known.has(ref)))
          context.addIssue({
            code: 'custom',
            path: ['lists', listIndex, 'cards', cardIndex, 'labels'],
            message: 'label not in the document',
          });
      }),
    );
  });

export type BoardDocument = z.output<typeof boardDocumentSchema>;
export type DocumentList = BoardDocument['lists'][number];
export type DocumentCard = DocumentList['cards'][number];
export type DocumentLabel = BoardDocument['labels'][number];
export type DocumentMember = BoardDocument['members'][number];
export type DocumentSubtask = DocumentCard['subtasks'][number];
export type DocumentComment = DocumentCard['comments'][number];
export type DocumentAttachment = DocumentCard['attachments'][number];

export const cardCount = (doc: Pick<BoardDocument, 'lists'>): number =>
  doc.lists.reduce((sum, l) => sum + l.cards.length, 0);

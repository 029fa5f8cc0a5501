// Trello's board export ("Print and export → JSON") mapped to a TaskFlow board document.
//
// The schema is lenient where Trello's exports vary (fields missing in older exports, positions
// as strings, null colours) and strict only where nothing sensible could be imported: a list or
// card without its id. What cannot be carried over is counted for the summary: archived lists
// and cards, and people the export names without an e-mail address (TaskFlow finds people by
// e-mail only).
import { z } from './zod';
import { labelColors, labelColorName, type LabelColorKey } from '../../domain/label-colors';
import { POSITION_GAP } from '../../domain/positions';
import { t } from '../../kernel/i18n/t';
import {
  BOARD_DOCUMENT_FORMAT,
  BOARD_DOCUMENT_VERSION,
  type BoardDocument,
  type DocumentCard,
  type DocumentComment,
  type DocumentLabel,
  type DocumentMember,
  type DocumentSubtask,
} from './board-document';
import { defaultBoardBackground } from '../../domain/board-backgrounds';

/** Trello positions are numbers, in some exports numeric strings; anything else sorts last. */
const position = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((value) => {
    const n = typeof value === 'string' ? Number.parseFloat(value) : value;
    return typeof n === 'number' && Number.isFinite(n) ? n : Number.POSITIVE_INFINITY;
  });

const optionalText = z
  .string()
  .nullish()
  .catch(null)
  .transform((value) => value ?? '');
const ids = z
  .array(z.string())
  .nullish()
  .catch(null)
  .transform((value) => value ?? []);
const flag = z
  .boolean()
  .nullish()
  .catch(null)
  .transform((value) => value ?? false);
const optionalId = z.string().nullish().catch(null);

const trelloList = z.object({ id: z.string(), name: optionalText, closed: flag, pos: position });

// A card's attachment: an uploaded file or a link. Trello's export names each by its URL (an
// upload's URL needs a Trello login to open), never with the bytes.
const trelloAttachment = z.object({ name: optionalText, url: optionalText });

const trelloCard = z.object({
  id: z.string(),
  name: optionalText,
  desc: optionalText,
  attachments: z
    .array(z.unknown())
    .nullish()
    .catch(null)
    .transform((items) =>
      (items ?? []).flatMap((item) => {
        const parsed = trelloAttachment.safeParse(item);
        return parsed.success ? [parsed.data] : [];
      }),
    ),
  closed: flag,
  idList: z.string(),
  pos: position,
  due: optionalText,
  idLabels: ids,
  idMembers: ids,
  idChecklists: ids,
});

const trelloLabel = z.object({ id: z.string(), name: optionalText, color: optionalText });

const trelloCheckItem = z.object({
  name: optionalText,
  state: optionalText,
  pos: position,
  due: optionalText,
  idMember: optionalId,
});

const trelloChecklist = z.object({
  id: z.string(),
  idCard: optionalId,
  name: optionalText,
  pos: position,
  checkItems: z
    .array(trelloCheckItem)
    .nullish()
    .transform((value) => value ?? []),
});

const trelloMember = z.object({
  id: z.string(),
  fullName: optionalText,
  username: optionalText,
  email: optionalId,
});

/** Only comments are imported; any other action is ignored whatever its shape. */
const trelloComment = z.object({
  type: z.literal('commentCard'),
  date: optionalText,
  data: z.object({ text: optionalText, card: z.object({ id: z.string() }) }),
  memberCreator: z.object({ fullName: optionalText, username: optionalText }).nullish(),
});

const arrayOf = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .nullish()
    .transform((value) => value ?? []);

export const trelloBoardSchema = z.object({
  name: optionalText,
  lists: z.array(trelloList),
  cards: z.array(trelloCard),
  labels: arrayOf(trelloLabel),
  checklists: arrayOf(trelloChecklist),
  members: arrayOf(trelloMember),
  actions: arrayOf(z.unknown()),
});

export type TrelloBoard = z.input<typeof trelloBoardSchema>;

/** Whether a parsed JSON value looks like a Trello export (before validating it). */
export const looksLikeTrello = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  !('format' in value) &&
  Array.isArray((value as Record<string, unknown>).lists) &&
  Array.isArray((value as Record<string, unknown>).cards);

// Trello's ten label colours by name (`_light` and `_dark` are shades of the same hue), each to
// the TaskFlow colour of its hue. Written out rather than computed because the names mean
// more than Trello's exact hex values: its 'purple' is a lavender that measures nearer to
// indigo, 'black' is a slate gray. TaskFlow has no orange; measured, Trello's orange lies
// nearer to yellow than to red.
const trelloNames: Record<string, LabelColorKey> = {
  green: 'green',
  yellow: 'yellow',
  orange: 'yellow',
  red: 'red',
  purple: 'purple',
  blue: 'blue',
  sky: 'blue',
  lime: 'green',
  pink: 'pink',
  black: 'gray',
};

// For colours given as hex codes (other tools' exports): TaskFlow's eight as their Tailwind 500
// swatches, compared in CIELAB.
const taskflowHex: Record<LabelColorKey, string> = {
  blue: '#3b82f6',
  green: '#22c55e',
  yellow: '#eab308',
  red: '#ef4444',
  purple: '#a855f7',
  pink: '#ec4899',
  indigo: '#6366f1',
  gray: '#6b7280',
};

const rgb = (hex: string): [number, number, number] => {
  const full =
    hex.length === 4
      ? hex
          .slice(1)
          .split('')
          .map((c) => c + c)
          .join('')
      : hex.slice(1);
  const n = Number.parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};

/** sRGB to CIELAB (D65): distances there follow what the eye sees, unlike distances in RGB. */
const lab = (hex: string): [number, number, number] => {
  const [r, g, b] = rgb(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const f = (v: number) => (v > 216 / 24389 ? Math.cbrt(v) : ((24389 / 27) * v + 16) / 116);
  const x = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
  const y = f(0.2126 * r + 0.7152 * g + 0.0722 * b);
  const z = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
};

/** Hue angle (degrees) and chroma in CIELAB's polar form. */
const hueAndChroma = (hex: string): { hue: number; chroma: number } => {
  const [, a, b] = lab(hex);
  return { hue: (Math.atan2(b, a) * 180) / Math.PI, chroma: Math.hypot(a, b) };
};

/** Below this chroma a colour reads as gray (Trello's 'black' is a slate gray). */
const GRAY_CHROMA = 15;

// Nearest by hue: TaskFlow's labels are pale badges of each hue, so a light sky blue belongs to
// blue, not to the gray it is closer to in lightness; only colourless ones become gray.
const nearestTo = (hex: string): LabelColorKey => {
  const { hue, chroma } = hueAndChroma(hex);
  if (chroma < GRAY_CHROMA) return 'gray';
  let best: LabelColorKey = 'gray';
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const { key } of labelColors) {
    if (key === 'gray') continue;
    const difference = Math.abs(hue - hueAndChroma(taskflowHex[key]).hue) % 360;
    const distance = Math.min(difference, 360 - difference);
    if (distance < bestDistance) {
      bestDistance = distance;
      best = key;
    }
  }
  return best;
};

/**
 * The nearest of TaskFlow's eight colours to a Trello label colour: a named colour with or
 * without its `_light`/`_dark` shade, or a hex code; gray for none (null) or an unknown name.
 */
export const nearestLabelColor = (trelloColor: string | null | undefined): LabelColorKey => {
  const value = (trelloColor ?? '').trim().toLowerCase();
  if (/^#([0-9a-f]{3}|[0-9a-f]{6})$/.test(value)) return nearestTo(value);
  return trelloNames[value.replace(/_(light|dark)$/, '')] ?? 'gray';
};

/** A Trello due time as the calendar day it falls on in Germany (the app's users). */
const berlinDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const dueDate = (value: string): string | null => {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : berlinDay.format(new Date(time));
};

const sortedByPos = <T extends { pos: number }>(items: readonly T[]): T[] =>
  items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => a.item.pos - b.item.pos || a.index - b.index)
    .map(({ item }) => item);

/** The cards table's limit for a description (cards_description_length). */
const MAX_DESCRIPTION = 16_384;

// Markdown's link syntax: brackets in the text and parentheses or spaces in the address would
// end the link early.
const linkText = (name: string): string =>
  name
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\[\]*_`<>]/g, (c) => `\\${c}`);
const linkTarget = (url: string): string =>
  url.replace(
    /[()\s<>]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );

/**
 * A card's description with its Trello attachments kept as links, in a list under
 * 'Anhänge aus Trello' (the description shows links that open in a new tab). Only web addresses
 * are kept (no `javascript:` or `data:`); links that would carry the description past the
 * table's limit are left out rather than failing the import.
 */
export const descriptionWithLinks = (
  description: string,
  attachments: readonly { name: string; url: string }[],
): string => {
  const links = attachments
    .map((a) => ({ name: a.name, url: a.url.trim() }))
    .filter((a) => /^https?:\/\/[^\s]+$/i.test(a.url))
    .map((a) => `- [${linkText(a.name) || linkText(a.url)}](${linkTarget(a.url)})`);
  if (links.length === 0) return description;
  let text = `${description.trimEnd()}${description.trim() ? '\n\n' : ''}**${t('transfer.trelloLinks')}**`;
  let kept = 0;
  for (const line of links) {
    if (text.length + 1 + line.length > MAX_DESCRIPTION) break;
    text += `\n${line}`;
    kept += 1;
  }
  return kept > 0 ? text : description;
};

/** Trello titles may be blank or carry stray spaces; TaskFlow stores them trimmed, non-blank. */
const titleOr = (value: string, fallback: string): string => value.trim() || fallback;

export interface TrelloImport {
  document: BoardDocument;
  /** Archived lists, and archived cards together with the open cards of archived lists. */
  skippedLists: number;
  skippedCards: number;
  /** People the export names (members, assignees) without an e-mail address. */
  peopleWithoutEmail: number;
}

/** Maps a validated Trello export (see `trelloBoardSchema`) to a board document. */
export const mapTrelloBoard = (input: z.output<typeof trelloBoardSchema>): TrelloImport => {
  const openLists = sortedByPos(input.lists.filter((l) => !l.closed));
  const openListIds = new Set(openLists.map((l) => l.id));
  const importedCards = input.cards.filter((c) => !c.closed && openListIds.has(c.idList));
  const importedCardIds = new Set(importedCards.map((c) => c.id));

  const memberById = new Map(input.members.map((m) => [m.id, m]));
  const withoutEmail = new Set<string>();
  const emailOf = (memberId: string | null | undefined): string | null => {
    if (!memberId) return null;
    const email = memberById.get(memberId)?.email?.trim();
    if (email) return email;
    withoutEmail.add(memberId);
    return null;
  };

  // Labels: Trello lets a label have no name (a colour only) and no colour; TaskFlow needs a
  // name, so a nameless one is named after its colour.
  const labels: DocumentLabel[] = input.labels.map((l) => {
    const key = nearestLabelColor(l.color);
    const color = labelColors.find((c) => c.key === key) ?? labelColors[0]!;
    return { id: l.id, name: titleOr(l.name, labelColorName(key)), color: color.className };
  });
  const labelIds = new Set(labels.map((l) => l.id));

  const checklistsByCard = new Map<string, z.output<typeof trelloChecklist>[]>();
  for (const checklist of input.checklists) {
    if (!checklist.idCard) continue;
    const list = checklistsByCard.get(checklist.idCard) ?? [];
    list.push(checklist);
    checklistsByCard.set(checklist.idCard, list);
  }

  const commentsByCard = new Map<
    string,
    { date: number; index: number; comment: DocumentComment }[]
  >();
  input.actions.forEach((raw, index) => {
    const parsed = trelloComment.safeParse(raw);
    if (!parsed.success) return;
    const action = parsed.data;
    const text = action.data.text.trim();
    if (!text || !importedCardIds.has(action.data.card.id)) return;
    const author = titleOr(
      action.memberCreator?.fullName ?? '',
      action.memberCreator?.username?.trim() || t('transfer.unknownAuthor'),
    );
    const date = Date.parse(action.date);
    const list = commentsByCard.get(action.data.card.id) ?? [];
    list.push({
      date: Number.isNaN(date) ? 0 : date,
      index,
      comment: {
        author_email: null,
        // The name goes beside the text, never into it: the server keeps it as the comment's
        // original author (imported_author_name) and the card shows it as such.
        author_name: author,
        text,
        created_at: Number.isNaN(date) ? null : new Date(date).toISOString(),
        edited_at: null,
      },
    });
    commentsByCard.set(action.data.card.id, list);
  });

  const subtasksOf = (cardId: string): DocumentSubtask[] => {
    const checklists = sortedByPos(checklistsByCard.get(cardId) ?? []);
    const named = checklists.length > 1;
    const items: DocumentSubtask[] = [];
    for (const checklist of checklists) {
      for (const item of sortedByPos(checklist.checkItems)) {
        const text = item.name.trim();
        items.push({
          // With several checklists on one card, each subtask keeps its checklist's name.
          text: named && checklist.name.trim() ? `${checklist.name.trim()}: ${text}` : text,
          completed: item.state === 'complete',
          position: (items.length + 1) * POSITION_GAP,
          due_date: dueDate(item.due),
          assignee: emailOf(item.idMember),
        });
      }
    }
    return items;
  };

  const lists = openLists.map((l) => {
    const cards: DocumentCard[] = sortedByPos(importedCards.filter((c) => c.idList === l.id)).map(
      (c, index) => ({
        title: titleOr(c.name, t('transfer.untitledCard')),
        description: descriptionWithLinks(c.desc, c.attachments),
        priority: 'medium',
        due_date: dueDate(c.due),
        position: (index + 1) * POSITION_GAP,
        labels: [...new Set(c.idLabels.filter((id) => labelIds.has(id)))],
        assignees: c.idMembers.map(emailOf).filter((e): e is string => e !== null),
        subtasks: subtasksOf(c.id),
        // In the order they were written (Trello lists actions newest first).
        comments: (commentsByCard.get(c.id) ?? [])
          .sort((a, b) => a.date - b.date || b.index - a.index)
          .map((entry) => entry.comment),
        // Trello's export has no file bytes: its attachments stay links in the description.
        attachments: [],
      }),
    );
    return { title: titleOr(l.name, t('transfer.untitledList')), position: 0, cards };
  });
  lists.forEach((l, index) => (l.position = (index + 1) * POSITION_GAP));

  const members: DocumentMember[] = [];
  for (const m of input.members) {
    const email = emailOf(m.id);
    if (email) members.push({ email, full_name: m.fullName.trim(), role: 'member' });
  }

  return {
    document: {
      format: BOARD_DOCUMENT_FORMAT,
      version: BOARD_DOCUMENT_VERSION,
      board: {
        title: titleOr(input.name, t('transfer.untitledBoard')),
        background: defaultBoardBackground,
      },
      members,
      labels,
      lists,
    },
    skippedLists: input.lists.length - openLists.length,
    skippedCards: input.cards.length - importedCards.length,
    peopleWithoutEmail: withoutEmail.size,
  };
};

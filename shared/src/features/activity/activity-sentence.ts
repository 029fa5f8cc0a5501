// German sentences for history entries, e.g. 'Max Mustermann hat die Karte von „Zu erledigen“
// nach „In Arbeit“ verschoben · vor 5 Minuten'. Everything needed is in the entry itself (the
// triggers store names with it), so an entry still reads right after its card or list is
// gone; only the actor's and a member's current name come from the board, when they are still
// on it, so that a renamed member is shown by their new name.
import { formatDate } from '../../domain/dates';
import { renderMentions } from '../../domain/mentions';
import { priorityName } from '../../domain/priority';
import { cardFieldLabel, t, type TextKey, type TextParams } from '../../kernel/i18n/t';
import type { ActivityEntry, ActivityKind } from './activity-types';

export interface SentenceContext {
  /** 'card' in a card's own history, where the card needs no name. */
  scope: 'board' | 'card';
  /** The current display name of a board member, or undefined for someone not on the board. */
  nameOf: (userId: string) => string | undefined;
}

type Data = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * Long texts (comments) are cut in a sentence; the card shows them in full. Mentions read as
 * the members' current names, and are written out before the cut, so no stored id shows.
 */
const QUOTE_LIMIT = 80;
const excerpt = (value: unknown, ctx: SentenceContext): string => {
  const full = renderMentions(text(value), ctx.nameOf).replace(/\s+/g, ' ').trim();
  return full.length > QUOTE_LIMIT ? `${full.slice(0, QUOTE_LIMIT - 1)}…` : full;
};

const personName = (
  id: unknown,
  storedName: unknown,
  ctx: SentenceContext,
  unknownKey: TextKey,
): string =>
  (typeof id === 'string' ? ctx.nameOf(id) : undefined) || text(storedName) || t(unknownKey);

const sentence = (key: string, params: TextParams): string =>
  t(`activity.sentences.${key}` as TextKey, params);

/** Numbers as German writes them: 5.000 Karten. */
const count = new Intl.NumberFormat('de-DE');

/** Nothing to show: the field was cleared (or set for the first time). */
const isEmpty = (value: unknown): boolean => value === null || value === undefined || value === '';

/** A card field's value as a sentence shows it, whatever the column's type. */
const fieldValue = (value: unknown, ctx: SentenceContext): string => {
  if (typeof value === 'boolean') return t(value ? 'activity.yes' : 'activity.no');
  if (typeof value === 'number') return count.format(value);
  if (typeof value === 'string')
    return /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDate(value) : excerpt(value, ctx);
  return excerpt(JSON.stringify(value), ctx);
};

/** Kinds whose sentence needs no more than who, which card and which member. */
const PLAIN = new Map<ActivityKind, string>([
  ['card_deleted', 'cardDeleted'],
  ['card_restored', 'cardRestored'],
  ['card_archived', 'cardArchived'],
  ['card_unarchived', 'cardUnarchived'],
  ['card_description', 'descriptionChanged'],
  ['assignee_added', 'assigneeAdded'],
  ['assignee_removed', 'assigneeRemoved'],
  ['comment_edited', 'commentEdited'],
  ['comment_removed', 'commentRemoved'],
]);

/** Kinds whose sentence names one more thing: [sentence, its parameter, data field, shown as]. */
const NAMING = new Map<
  ActivityKind,
  [string, string, string, (value: unknown, ctx: SentenceContext) => string]
>([
  ['card_created', ['cardCreated', 'list', 'list_title', text]],
  ['label_added', ['labelAdded', 'label', 'label_name', text]],
  ['label_removed', ['labelRemoved', 'label', 'label_name', text]],
  ['subtask_added', ['subtaskAdded', 'text', 'subtask_text', excerpt]],
  ['subtask_removed', ['subtaskRemoved', 'text', 'subtask_text', excerpt]],
  ['comment_added', ['commentAdded', 'text', 'after', excerpt]],
  ['attachment_added', ['attachmentAdded', 'name', 'name', text]],
  ['attachment_removed', ['attachmentRemoved', 'name', 'name', text]],
  ['list_created', ['listCreated', 'list', 'list_title', text]],
  ['list_deleted', ['listDeleted', 'list', 'list_title', text]],
  ['list_archived', ['listArchived', 'list', 'list_title', text]],
  ['list_unarchived', ['listUnarchived', 'list', 'list_title', text]],
]);

/** The sentence of one entry, without the time. */
export const activitySentence = (entry: ActivityEntry, ctx: SentenceContext): string => {
  const data = (entry.data ?? {}) as Data;
  const actor = personName(entry.actor_id, data.actor_name, ctx, 'activity.someone');
  const title = text(data.card_title) || t('activity.noTitle');
  const inCard = ctx.scope === 'card';
  const cardAs = (named: string) =>
    inCard ? t('activity.card') : t('activity.cardNamed', { title: named });
  const card = cardAs(title);
  const ofCard = inCard ? t('activity.ofCard') : t('activity.ofCardNamed', { title });
  // An assignee who assigned themself reads 'hat sich … zugewiesen'.
  const user =
    entry.actor_id && data.user_id === entry.actor_id
      ? t('activity.oneself')
      : personName(data.user_id, data.user_name, ctx, 'activity.someMember');
  const base = { actor, card, ofCard, user };
  /** A change's before and after as the sentence shows them, read from the entry's data. */
  const beforeAfter = (
    show: (value: unknown, ctx: SentenceContext) => string,
    keys: [string, string] = ['before', 'after'],
  ) => ({
    before: show(data[keys[0]], ctx),
    after: show(data[keys[1]], ctx),
  });

  const kind = entry.kind as ActivityKind;
  // A deleted comment's words have left the entry (data.text_removed): say that, not '„“'.
  if (kind === 'comment_added' && data.text_removed) return sentence('commentAddedDeleted', base);
  const plain = PLAIN.get(kind);
  if (plain) return sentence(plain, base);
  const named = NAMING.get(kind);
  if (named) {
    const [key, param, field, show] = named;
    return sentence(key, { ...base, [param]: show(data[field], ctx) });
  }
  switch (kind) {
    case 'card_moved': {
      const { before: from, after: to } = beforeAfter(text, ['before_title', 'after_title']);
      return sentence('cardMoved', { ...base, from, to });
    }
    case 'card_renamed':
      // Named by its old title: the new one is in the sentence.
      return sentence('cardRenamed', {
        ...base,
        card: cardAs(text(data.before)),
        after: text(data.after),
      });
    case 'card_due_date':
      return data.after
        ? sentence('dueDateSet', { ...base, date: formatDate(text(data.after)) })
        : sentence('dueDateCleared', base);
    case 'card_priority':
      return sentence('priorityChanged', { ...base, ...beforeAfter(priorityName) });
    case 'subtask_changed': {
      const changes = (data.changes ?? {}) as Record<string, { after?: unknown } | undefined>;
      const params = { ...base, text: excerpt(data.subtask_text, ctx) };
      if (Object.keys(changes).length === 1 && changes.completed) {
        return sentence(changes.completed.after ? 'subtaskDone' : 'subtaskReopened', params);
      }
      return sentence('subtaskChanged', params);
    }
    case 'card_field_changed': {
      // Any card column without a kind of its own, named from the catalogue by its column.
      const field = t('activity.field', { label: cardFieldLabel(text(data.field)) });
      const params = { ...base, field, ...beforeAfter(fieldValue) };
      if (isEmpty(data.after)) return sentence('fieldCleared', params);
      return sentence(isEmpty(data.before) ? 'fieldSet' : 'fieldChanged', params);
    }
    case 'list_renamed':
      return sentence('listRenamed', { ...base, ...beforeAfter(text) });
    // Since invitations need consent, a member is added by accepting: their own act.
    case 'member_added':
      return entry.actor_id && data.user_id === entry.actor_id
        ? sentence('memberJoined', base)
        : sentence('memberAdded', base);
    case 'member_removed':
      return entry.actor_id && data.user_id === entry.actor_id
        ? sentence('memberLeft', base)
        : sentence('memberRemoved', base);
    case 'board_imported': {
      // One entry for the whole import, not one per row it wrote.
      const cards = typeof data.cards === 'number' ? data.cards : 0;
      return cards === 1
        ? sentence('boardImportedOne', base)
        : sentence('boardImported', { ...base, cards: count.format(cards) });
    }
    default:
      // A kind added to the database after this client was built: say who, not what.
      return sentence('otherChange', base);
  }
};

const relative = new Intl.RelativeTimeFormat('de-DE', { numeric: 'auto' });

/** Seconds per unit, largest first; the first unit the distance reaches is used. */
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** 'gerade eben', 'vor 5 Minuten', 'gestern', 'vor 3 Wochen' … (Intl, de-DE). */
export const relativeTime = (iso: string, now: Date = new Date()): string => {
  const seconds = (Date.parse(iso) - now.getTime()) / 1000;
  if (!Number.isFinite(seconds)) return '';
  if (Math.abs(seconds) < 45) return t('activity.justNow');
  const [unit, size] = UNITS.find(([, size]) => Math.abs(seconds) >= size) ?? ['minute', 60];
  return relative.format(Math.round(seconds / size), unit);
};

/** The entry as the feed shows it: sentence · relative time. */
export const activityLine = (entry: ActivityEntry, ctx: SentenceContext, now?: Date): string =>
  t('activity.entry', {
    sentence: activitySentence(entry, ctx),
    time: relativeTime(entry.created_at, now),
  });

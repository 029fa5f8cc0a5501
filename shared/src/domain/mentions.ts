// Mentions in stored text: `@[<user id>]`, so the text names the person, not their name of the
// day (a rename changes how it reads, never whom it names). The server reads the same tokens
// to notify (supabase/schemas/96_notifications.sql, private.mentioned_user_ids) and writes them
// as names where it hands out plain text (private.render_mentions: export, 'Meine Aufgaben').
// In the domain, not the notifications feature: the search, the history and the card all read
// mentions, and none of them should load the bell's code for it.
import { t } from '../kernel/i18n/t';

const TOKEN = /@\[([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\]/gi;

/** The stored form of a mention of this user. */
export const mentionToken = (userId: string): string => `@[${userId}]`;

/** A member's current name by user id; undefined for someone not (or no longer) on the board. */
export type MentionNames = (userId: string) => string | undefined;

export type TextPart = { kind: 'text'; text: string } | { kind: 'mention'; userId: string };

/** Whether a stored text may hold a mention (a cheap test before any work). */
export const hasMentions = (text: string): boolean => text.includes('@[');

/** A stored text cut into plain runs and mentions, in order. */
export const splitMentions = (text: string): TextPart[] => {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(TOKEN)) {
    if (match.index > at) parts.push({ kind: 'text', text: text.slice(at, match.index) });
    parts.push({ kind: 'mention', userId: match[1]!.toLowerCase() });
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push({ kind: 'text', text: text.slice(at) });
  return parts;
};

/** How a mention reads: '@' and the current name, '@Unbekannt' for someone gone. */
export const mentionName = (userId: string, nameOf: MentionNames): string =>
  `@${nameOf(userId) || t('notifications.unknownPerson')}`;

/**
 * The text as people read it: each mention as `@` and the current name, never the stored id.
 * For plain-text places (search, history, previews, copies).
 */
export const renderMentions = (text: string, nameOf: MentionNames): string =>
  hasMentions(text)
    ? splitMentions(text)
        .map((part) => (part.kind === 'text' ? part.text : mentionName(part.userId, nameOf)))
        .join('')
    : text;

// Mentions in stored text: `@[<user id>]`, so the text names the person, not their name of the
// day (a rename changes how it reads, never whom it names). The server reads the same tokens
// to notify (supabase/schemas/96_notifications.sql, private.mentioned_user_ids).

const TOKEN = /@\[([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\]/gi;

/** The stored form of a mention of this user. */
export const mentionToken = (userId: string): string => `@[${userId}]`;

export type TextPart = { kind: 'text'; text: string } | { kind: 'mention'; userId: string };

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

/**
 * The text as people read it: each mention as `@` and the current name (`nameOf`). For
 * plain-text places (search, previews, copies).
 */
export const renderMentions = (text: string, nameOf: (userId: string) => string) =>
  text.includes('@[')
    ? splitMentions(text)
        .map((part) => (part.kind === 'text' ? part.text : `@${nameOf(part.userId)}`))
        .join('')
    : text;

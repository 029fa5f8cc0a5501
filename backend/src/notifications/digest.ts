/**
 * The notification digest, shared by the local backend's worker (digest-worker.ts) and
 * the hosted Edge Function (supabase/functions/notification-digest): the German mail, the signed
 * unsubscribe token and one round of the worker. Only web-standard APIs (Web Crypto, URL), so
 * Node and Deno run the same file.
 *
 * Exactly once: a round takes each due user's entries inside a transaction
 * (private.take_notification_digest, under an advisory lock another worker skips) and mails
 * them before that transaction commits. A failed mail rolls back and the entries wait for the
 * next round; a second worker never sees entries the first has taken.
 */

export interface DigestNotification {
  id: string;
  kind: string;
  board_id: string | null;
  card_id: string | null;
  created_at: string;
  data: Record<string, unknown>;
}

/** What private.take_notification_digest returns for one user. */
export interface Digest {
  user_id: string;
  email: string | null;
  name: string | null;
  notifications: DigestNotification[];
}

export interface DigestMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

export const PRODUCT_NAME = 'TaskFlow';

const text = (value: unknown, fallback: string) =>
  typeof value === 'string' && value !== '' ? value : fallback;

const germanDate = (iso: unknown) => {
  if (typeof iso !== 'string') return '';
  const [year, month, day] = iso.slice(0, 10).split('-');
  return `${day}.${month}.${year}`;
};

/** The sentence of one notification, as the bell says it (shared/src/kernel/i18n). */
export const digestSentence = (n: DigestNotification): string => {
  const actor = text(n.data.actor_name, 'Jemand');
  const card = text(n.data.card_title, 'eine Karte');
  switch (n.kind) {
    case 'mentioned':
      return `${actor} hat Sie in „${card}“ erwähnt`;
    case 'assigned':
      return `${actor} hat Sie der Karte „${card}“ zugewiesen`;
    case 'subtask_assigned':
      return `${actor} hat Ihnen die Unteraufgabe „${text(n.data.subtask_text, '')}“ in „${card}“ zugewiesen`;
    case 'commented':
      return `${actor} hat „${card}“ kommentiert`;
    case 'moved':
      return `${actor} hat „${card}“ nach „${text(n.data.to_list_title, '')}“ verschoben`;
    case 'due_date_changed':
      return n.data.due_date
        ? `${actor} hat das Fälligkeitsdatum von „${card}“ auf den ${germanDate(n.data.due_date)} gesetzt`
        : `${actor} hat das Fälligkeitsdatum von „${card}“ entfernt`;
    case 'due':
      return `„${card}“ ist fällig (${germanDate(n.data.due_date)})`;
    case 'added_to_board':
      return `${actor} hat Sie zum Board „${text(n.data.board_title, '')}“ hinzugefügt`;
    case 'invited_to_board':
      return `${actor} hat Sie zum Board „${text(n.data.board_title, '')}“ eingeladen`;
    default:
      return `Neuigkeit zu „${card}“`;
  }
};

/** The app's address of what a notification is about: the card, else the board. */
export const notificationLink = (siteUrl: string, n: DigestNotification): string => {
  const base = siteUrl.replace(/\/+$/, '');
  if (n.board_id && n.card_id) return `${base}/b/${n.board_id}/c/${n.card_id}`;
  if (n.board_id) return `${base}/b/${n.board_id}`;
  return `${base}/`;
};

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The digest mail of one user: plain text and simple HTML, with one-click unsubscribe (RFC 8058). */
export const composeDigestMail = (
  digest: Digest & { email: string },
  { siteUrl, unsubscribeUrl }: { siteUrl: string; unsubscribeUrl: string },
): DigestMail => {
  const count = digest.notifications.length;
  const subject =
    count === 1
      ? `${PRODUCT_NAME}: 1 neue Benachrichtigung`
      : `${PRODUCT_NAME}: ${count} neue Benachrichtigungen`;
  const greeting = `Hallo ${digest.name || digest.email},`;
  const intro =
    count === 1
      ? 'in TaskFlow gibt es eine Neuigkeit für Sie:'
      : `in TaskFlow gibt es ${count} Neuigkeiten für Sie:`;
  const entries = digest.notifications.map((n) => ({
    sentence: digestSentence(n),
    link: notificationLink(siteUrl, n),
  }));
  const footer =
    'Sie erhalten diese Zusammenfassung, weil Sie sie im Profil gewählt haben. ' +
    'Keine weiteren Zusammenfassungen:';
  const textBody = [
    greeting,
    '',
    intro,
    '',
    ...entries.map((e) => `- ${e.sentence}\n  ${e.link}`),
    '',
    `${footer} ${unsubscribeUrl}`,
    '',
  ].join('\n');
  const html =
    `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p><ul>` +
    entries
      .map((e) => `<li><a href="${escapeHtml(e.link)}">${escapeHtml(e.sentence)}</a></li>`)
      .join('') +
    `</ul><p style="color:#666">${escapeHtml(footer)} ` +
    `<a href="${escapeHtml(unsubscribeUrl)}">Abbestellen</a></p>`;
  return {
    to: digest.email,
    subject,
    text: textBody,
    html,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
};

const base64Url = (bytes: Uint8Array) => {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

const fromBase64Url = (value: string): Uint8Array<ArrayBuffer> => {
  const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
};

const UNSUBSCRIBE_PURPOSE = 'taskflow.digest-unsubscribe:';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const hmacKey = (secret: string) =>
  crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );

/**
 * A token that names a user and proves the server made it: `<user id>.<HMAC-SHA256>`. It does
 * not expire, as unsubscribe links must keep working in old mails; it can only switch digests
 * off.
 */
export const signUnsubscribeToken = async (userId: string, secret: string): Promise<string> => {
  const mac = await crypto.subtle.sign(
    'HMAC',
    await hmacKey(secret),
    new TextEncoder().encode(UNSUBSCRIBE_PURPOSE + userId),
  );
  return `${userId}.${base64Url(new Uint8Array(mac))}`;
};

/** The user id of a valid token; null for anything else. */
export const verifyUnsubscribeToken = async (
  token: string,
  secret: string,
): Promise<string | null> => {
  const [userId, mac, ...rest] = token.split('.');
  if (!userId || !mac || rest.length > 0 || !UUID.test(userId)) return null;
  let signature: Uint8Array<ArrayBuffer>;
  try {
    signature = fromBase64Url(mac);
  } catch {
    return null;
  }
  const valid = await crypto.subtle.verify(
    'HMAC',
    await hmacKey(secret),
    signature,
    new TextEncoder().encode(UNSUBSCRIBE_PURPOSE + userId),
  );
  return valid ? userId : null;
};

/** The database side of a round, implemented over `pg`/PGlite locally and `postgres` in Deno. */
export interface DigestStore {
  /** private.due_digest_recipients(batch). */
  dueRecipients(batchSeconds: number): Promise<string[]>;
  /**
   * Runs `fn` in one transaction with private.take_notification_digest(user) taken in it; commits
   * when `fn` resolves, rolls back when it throws.
   */
  withDigest(userId: string, fn: (digest: Digest | null) => Promise<void>): Promise<void>;
}

export interface DigestRoundOptions {
  batchSeconds: number;
  siteUrl: string;
  unsubscribeUrl: (token: string) => string;
  secret: string;
  send: (mail: DigestMail) => Promise<void>;
  onError?: (userId: string, error: unknown) => void;
}

/** Mails every due digest once; resolves to the number of mails sent. */
export const runDigestRound = async (
  store: DigestStore,
  options: DigestRoundOptions,
): Promise<number> => {
  let sent = 0;
  for (const userId of await store.dueRecipients(options.batchSeconds)) {
    try {
      await store.withDigest(userId, async (digest) => {
        if (!digest || !digest.email || digest.notifications.length === 0) return;
        const token = await signUnsubscribeToken(userId, options.secret);
        await options.send(
          composeDigestMail(digest as Digest & { email: string }, {
            siteUrl: options.siteUrl,
            unsubscribeUrl: options.unsubscribeUrl(token),
          }),
        );
        sent += 1;
      });
    } catch (error) {
      options.onError?.(userId, error);
    }
  }
  return sent;
};

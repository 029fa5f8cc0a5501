/**
 * The local mail catcher `npm start` runs when no SMTP server is configured, as the Supabase CLI
 * runs Inbucket/Mailpit: a real SMTP server on loopback (smtp-server) that keeps every mail it is
 * given (parsed by mailparser), and a small web page listing them, with a JSON endpoint
 * (`/api/messages`) the e2e tests and backend tests read. Nothing leaves the machine.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  id: number;
  from: string;
  to: string[];
  subject: string;
  date: string;
  text: string;
  html: string;
  /** Every link of the mail, in order (from the HTML, else from the text). */
  links: string[];
}

export interface MailCatcher {
  /** SMTP_URL for the backend, e.g. smtp://127.0.0.1:40123. */
  smtpUrl: string;
  /** The page listing the caught mails. */
  webUrl: string;
  messages(): CaughtMail[];
  /** Resolves with the first caught mail to `to` (newest first) that `match` accepts. */
  waitFor(
    to: string,
    match?: (mail: CaughtMail) => boolean,
    timeoutMs?: number,
  ): Promise<CaughtMail>;
  close(): Promise<void>;
}

/** Mails kept before the oldest are dropped: a catcher left running must not grow for ever. */
const KEEP = 500;
/** The largest mail accepted; a real auth or digest mail is a few kilobytes. */
const MAX_MAIL_BYTES = 2 * 1024 * 1024;

const addresses = (value: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(value) ? value : value ? [value] : [])
    .flatMap((entry) => entry.value)
    .map((entry) => (entry.address ?? '').toLowerCase())
    .filter(Boolean);

const linksOf = (html: string, text: string): string[] => {
  const fromHtml = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
  return fromHtml.length > 0 ? fromHtml : [...text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]);
};

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"]/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!,
  );

/** The list page: German, plain HTML, readable by keyboard and screen reader, both themes. */
const listPage = (mails: CaughtMail[]) => `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>TaskFlow – Abgefangene E-Mails</title>
<style>
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:48rem;padding:1rem;line-height:1.5}
article{border:1px solid #94a3b8;border-radius:.5rem;padding:.75rem 1rem;margin:0 0 1rem}
h2{font-size:1.1rem;margin:0}
pre{white-space:pre-wrap;word-break:break-word;font:inherit}
a{color:#4338ca}
@media (prefers-color-scheme: dark){body{background:#0f172a;color:#e2e8f0}a{color:#a5b4fc}}
</style>
</head>
<body>
<main>
<h1>Abgefangene E-Mails</h1>
<p>Dieser lokale Mail-Fänger nimmt jede E-Mail an, die TaskFlow verschickt; nichts verlässt diesen Rechner. Neueste zuerst; die Seite zeigt den Stand beim Laden.</p>
${
  mails.length === 0
    ? '<p>Noch keine E-Mails.</p>'
    : mails
        .map(
          (mail) => `<article aria-labelledby="mail-${mail.id}">
<h2 id="mail-${mail.id}">${escapeHtml(mail.subject || '(ohne Betreff)')}</h2>
<p>An: ${escapeHtml(mail.to.join(', '))}<br>Von: ${escapeHtml(mail.from)}<br>Empfangen: <time datetime="${mail.date}">${escapeHtml(new Date(mail.date).toLocaleString('de-DE'))}</time></p>
<pre>${escapeHtml(mail.text)}</pre>
${mail.links.length ? `<ul>${mail.links.map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`).join('')}</ul>` : ''}
</article>`,
        )
        .join('\n')
}
</main>
</body>
</html>`;

export const startMailCatcher = async (
  options: { host?: string; smtpPort?: number; webPort?: number } = {},
): Promise<MailCatcher> => {
  const host = options.host ?? '127.0.0.1';
  const mails: CaughtMail[] = [];
  const waiters = new Set<() => void>();
  let nextId = 1;

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    size: MAX_MAIL_BYTES,
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const html = typeof parsed.html === 'string' ? parsed.html : '';
          const text = parsed.text ?? '';
          mails.unshift({
            id: nextId++,
            from: addresses(parsed.from).join(', '),
            to: addresses(parsed.to),
            subject: parsed.subject ?? '',
            date: (parsed.date ?? new Date()).toISOString(),
            text,
            html,
            links: linksOf(html, text),
          });
          if (mails.length > KEEP) mails.length = KEEP;
          for (const wake of waiters) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(options.smtpPort ?? 0, host, () => resolve());
  });
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const web: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://catcher');
    if (url.pathname === '/api/messages') {
      response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(mails));
      return;
    }
    if (url.pathname === '/') {
      response.writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        // Mail bodies are shown as text only; nothing on the page may run or load.
        'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
      });
      response.end(listPage(mails));
      return;
    }
    response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
    response.end('Nicht gefunden');
  });
  await new Promise<void>((resolve, reject) => {
    web.once('error', reject);
    web.listen(options.webPort ?? 0, host, () => resolve());
  });
  const webPort = (web.address() as AddressInfo).port;

  const find = (to: string, match: (mail: CaughtMail) => boolean) =>
    mails.find((mail) => mail.to.includes(to.toLowerCase()) && match(mail));

  return {
    smtpUrl: `smtp://${host}:${smtpPort}`,
    webUrl: `http://${host}:${webPort}/`,
    messages: () => [...mails],
    waitFor: (to, match = () => true, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const found = find(to, match);
        if (found) return resolve(found);
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        const check = () => {
          const mail = find(to, match);
          if (!mail) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(mail);
        };
        waiters.add(check);
      }),
    close: async () => {
      web.closeAllConnections();
      await Promise.all([
        new Promise<void>((resolve) => web.close(() => resolve())),
        new Promise<void>((resolve) => smtp.close(() => resolve())),
      ]);
    },
  };
};

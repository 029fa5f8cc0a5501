/**
 * The auth mails' German templates, read from where the Supabase CLI and a hosted project read
 * them: `supabase/config.toml` names each template's subject and HTML file
 * (`[auth.email.template.<kind>]`). They use GoTrue's Go-template fields (`{{ .ConfirmationURL }}`,
 * `{{ .Email }}`…); only plain field substitution is used in them, which is all this renders.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { convert } from 'html-to-text';
import { parse } from 'smol-toml';
import { repoRoot } from '../config.ts';

export type AuthMailKind = 'confirmation' | 'recovery' | 'email_change' | 'invite' | 'magic_link';

export interface TemplateFields {
  ConfirmationURL: string;
  Email: string;
  NewEmail?: string;
  SiteURL: string;
  Token?: string;
  TokenHash?: string;
  RedirectTo?: string;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

interface TemplateEntry {
  subject: string;
  html: string;
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

const FIELD = /\{\{\s*\.(\w+)\s*\}\}/g;

/** Fills `{{ .Field }}`; an unknown field is an error in the template, not an empty string. */
const fill = (template: string, fields: TemplateFields, escape: (v: string) => string) =>
  template.replace(FIELD, (_, name: string) => {
    const value = (fields as unknown as Record<string, string | undefined>)[name];
    if (value === undefined) throw new Error(`mail template field .${name} has no value`);
    return escape(value);
  });

/** Plain text of a rendered HTML mail: the link's address after its label. */
export const textOfHtml = (html: string): string =>
  convert(html, {
    wordwrap: 78,
    selectors: [
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
      { selector: 'h1', options: { uppercase: false } },
    ],
  });

export interface MailTemplates {
  render(kind: AuthMailKind, fields: TemplateFields): RenderedMail;
}

/** Reads config.toml and every template it names once, at start: a broken file stops the start. */
export const loadMailTemplates = (configPath = path.join(repoRoot, 'supabase/config.toml')) => {
  const config = parse(readFileSync(configPath, 'utf8')) as {
    auth?: { email?: { template?: Record<string, { subject?: string; content_path?: string }> } };
  };
  const entries = new Map<string, TemplateEntry>();
  for (const [kind, entry] of Object.entries(config.auth?.email?.template ?? {})) {
    if (!entry.subject || !entry.content_path) continue;
    // content_path is relative to the project root (the CLI's convention), not to the file.
    const file = path.resolve(path.dirname(configPath), '..', entry.content_path);
    entries.set(kind, { subject: entry.subject, html: readFileSync(file, 'utf8') });
  }
  return {
    render(kind: AuthMailKind, fields: TemplateFields): RenderedMail {
      const entry = entries.get(kind);
      if (!entry) throw new Error(`supabase/config.toml has no [auth.email.template.${kind}]`);
      const html = fill(entry.html, fields, escapeHtml);
      return { subject: fill(entry.subject, fields, (v) => v), html, text: textOfHtml(html) };
    },
  } satisfies MailTemplates;
};

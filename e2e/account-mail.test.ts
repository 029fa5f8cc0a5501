// Accounts by e-mail in real Chromium, reading the real mail: the backend sends over SMTP to the
// local mail catcher (the one `npm start` runs), and the test reads it from the catcher's JSON
// endpoint, as a person reads their inbox. Forgot password → mail → new password → sign in.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createClient } from '@supabase/supabase-js';
import type { BrowserContext, Page } from 'playwright-core';
import WebSocket from 'ws';
import {
  startMailCatcher,
  type CaughtMail,
  type MailCatcher,
} from '../backend/src/mail/catcher.ts';
import { startBackend, type RunningBackend } from '../backend/src/server.ts';
import { demoAccount } from '../shared/src/dev/demo-account.ts';
import { axeViolations } from './support/axe.ts';
import { startEnvironment, type E2eEnvironment } from './support/environment.ts';
import { collectProblems, newGermanContext, see, signIn } from './support/page-helpers.ts';

let catcher: MailCatcher;
let env: E2eEnvironment;
let backend: RunningBackend;

before(async () => {
  catcher = await startMailCatcher();
  env = await startEnvironment(
    async (dataDir) =>
      (backend = await startBackend({
        port: 0,
        dataDir,
        logLevel: 'silent',
        smtp: { url: catcher.smtpUrl },
        // The apps are served on a free port: links may lead back to any loopback port.
        additionalRedirectUrls: ['http://127.0.0.1:*/**'],
      })),
  );
  // The apps' port is known only now: the site URL of the mails (SITE_URL) is the served shell.
  backend.ctx.config.siteUrl = new URL(env.shellUrl).origin;
});

after(async () => {
  await env?.stop();
  await catcher?.close();
});

/** The newest mail to `email` whose subject starts with `subject`, read from the catcher as JSON. */
const inbox = async (email: string, subject: string): Promise<CaughtMail> => {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const mails = (await (
      await fetch(new URL('api/messages', catcher.webUrl))
    ).json()) as CaughtMail[];
    const mail = mails.find((m) => m.to.includes(email) && m.subject.startsWith(subject));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail "${subject}" to ${email}`);
};

describe("'Passwort vergessen?'", () => {
  const email = `vergesslich-${Date.now()}@example.de`;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];

  before(async () => {
    const config = (await (await fetch(new URL('runtime-config.json', env.shellUrl))).json()) as {
      supabase: { url: string; anonKey: string };
    };
    const api = createClient(config.supabase.url, config.supabase.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    });
    const { error } = await api.auth.signUp({
      email,
      password: 'altesPasswort1',
      options: { data: { full_name: 'Vera Vergesslich' } },
    });
    assert.equal(error, null);
    context = await newGermanContext(env.browser);
    page = await context.newPage();
    problems = collectProblems(page);
  });

  after(async () => {
    await context?.close();
  });

  it('mails a link that opens the app to set a new password, which then signs in', async () => {
    await page.goto(env.shellUrl);
    await page.getByRole('button', { name: 'Passwort vergessen?' }).click();
    await page.getByRole('heading', { name: 'Passwort vergessen?' }).waitFor();
    await page.getByLabel('E-Mail').fill(email);
    await page.getByRole('button', { name: 'Link senden' }).click();
    await see(
      page,
      'Wenn ein Konto mit dieser Adresse besteht, haben wir Ihnen einen Link geschickt.',
    );

    const mail = await inbox(email, 'TaskFlow: Neues Passwort festlegen');
    assert.match(mail.text, /Neues Passwort festlegen/);
    const link = mail.links.find((href) => href.includes('/auth/v1/verify?'));
    assert.ok(link, 'the mail carries the recovery link');

    await page.goto(link);
    await page.getByRole('heading', { name: 'Neues Passwort festlegen' }).waitFor();
    // The session came in the address's fragment; it is gone from the address now.
    assert.equal(new URL(page.url()).hash, '');
    await page.getByLabel('Neues Passwort').fill('neuesPasswort1');
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await see(page, 'Ihr neues Passwort ist gespeichert.');
    await page
      .getByRole('heading', { name: 'Neues Passwort festlegen' })
      .waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Abmelden' }).click();

    await page.getByRole('heading', { name: 'Anmelden' }).waitFor();
    await signIn(page, email, 'neuesPasswort1');

    // The link worked once: opened again, it says so on the sign-in screen.
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await page.goto(link);
    await see(page, 'Der Link ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.');
    assert.deepEqual(problems, []);
  });
});

describe('inviting someone without an account', () => {
  const email = `neuling-${Date.now()}@example.de`;

  it('mails the invitation; registering with the address makes them a member of the board', async () => {
    const ownerContext = await newGermanContext(env.browser);
    const owner = await ownerContext.newPage();
    const ownerProblems = collectProblems(owner);
    await owner.goto(env.shellUrl);
    await signIn(owner, demoAccount.email, demoAccount.password);
    await owner.getByRole('button', { name: 'Team (2)' }).click();
    const team = owner.getByRole('dialog', { name: 'Team-Verwaltung' });
    await team.getByLabel(/per E-Mail einladen/).fill(email);
    await team.getByRole('button', { name: 'Einladen' }).click();
    await see(
      owner,
      `Einladung an ${email} gesendet. Die Person wird Mitglied, sobald sie sich registriert.`,
    );
    const pending = team.getByRole('region', { name: /Offene Einladungen/ });
    await pending.getByText(email).waitFor();

    const mail = await inbox(email, 'TaskFlow: Demo Nutzerin lädt Sie zum Board „');
    assert.match(mail.text.replace(/\s+/g, ' '), /registrieren Sie sich mit dieser Adresse/);
    const link = mail.links.find((href) => href.includes('/b/'));
    assert.ok(link, 'the invitation links to the board');

    const guestContext = await newGermanContext(env.browser);
    const guest = await guestContext.newPage();
    const guestProblems = collectProblems(guest);
    await guest.goto(link);
    await guest.getByRole('button', { name: /Jetzt registrieren/ }).click();
    await guest.getByLabel('Vollständiger Name').fill('Nora Neuling');
    await guest.getByLabel('E-Mail').fill(email);
    await guest.getByLabel('Passwort').fill('geheim123');
    await guest.getByRole('button', { name: 'Registrieren', exact: true }).click();
    await see(guest, 'Registrierung erfolgreich! Bitte melden Sie sich an.');
    await signIn(guest, email, 'geheim123');
    await guest.getByRole('button', { name: 'Team (3)' }).waitFor();

    // The owner's list of pending invitations no longer has it once reopened.
    await owner.keyboard.press('Escape');
    await owner.getByRole('button', { name: 'Team (3)' }).click();
    await owner
      .getByRole('dialog', { name: 'Team-Verwaltung' })
      .getByText('Nora Neuling')
      .waitFor();
    assert.equal(await owner.getByRole('region', { name: /Offene Einladungen/ }).count(), 0);
    assert.deepEqual(ownerProblems, []);
    assert.deepEqual(guestProblems, []);
    await ownerContext.close();
    await guestContext.close();
  });
});

describe('inviting someone who has an account', () => {
  const email = `rita-${Date.now()}@example.de`;

  it('answers as for anyone; the invitee accepts from the bell and the owner sees the new member live', async () => {
    const config = (await (await fetch(new URL('runtime-config.json', env.shellUrl))).json()) as {
      supabase: { url: string; anonKey: string };
    };
    const api = createClient(config.supabase.url, config.supabase.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    });
    const registered = await api.auth.signUp({
      email,
      password: 'geheim123',
      options: { data: { full_name: 'Rita Registriert' } },
    });
    assert.equal(registered.error, null);

    const ownerContext = await newGermanContext(env.browser);
    const owner = await ownerContext.newPage();
    const ownerProblems = collectProblems(owner);
    await owner.goto(env.shellUrl);
    await signIn(owner, demoAccount.email, demoAccount.password);
    const teamButton = owner.getByRole('button', { name: /^Team \(\d+\)$/ });
    const size = Number(/\d+/.exec((await teamButton.textContent()) ?? '')![0]);
    await teamButton.click();
    const team = owner.getByRole('dialog', { name: 'Team-Verwaltung' });
    await team.getByLabel(/per E-Mail einladen/).fill(email);
    await team.getByRole('button', { name: 'Einladen' }).click();
    // Word for word what an address without an account is answered.
    await see(
      owner,
      `Einladung an ${email} gesendet. Die Person wird Mitglied, sobald sie sich registriert.`,
    );
    await team
      .getByRole('region', { name: /Offene Einladungen/ })
      .getByText(email)
      .waitFor();
    assert.equal(await team.getByText('Rita Registriert').count(), 0);
    await inbox(email, 'TaskFlow: Demo Nutzerin lädt Sie zum Board „Website-Relaunch“ ein');

    const guestContext = await newGermanContext(env.browser);
    const guest = await guestContext.newPage();
    const guestProblems = collectProblems(guest);
    await guest.goto(env.shellUrl);
    await signIn(guest, email, 'geheim123');
    await guest.getByRole('button', { name: 'Benachrichtigungen, 1 ungelesen' }).click();
    await guest
      .getByRole('button', {
        name: /^Ungelesen: Demo Nutzerin hat Sie zum Board „Website-Relaunch“ eingeladen/,
      })
      .click();
    await guest.getByRole('heading', { name: 'Einladung zum Board „Website-Relaunch“' }).waitFor();
    await see(guest, 'Demo Nutzerin hat Sie eingeladen, in diesem Board mitzuarbeiten.');
    // The offer reads well to a screen reader in both themes and at phone width too. axe sets
    // inline styles while it measures, which the page's CSP refuses (as it should): those
    // console errors are axe's, not the app's.
    const problemsBeforeAxe = guestProblems.length;
    for (const colorScheme of ['light', 'dark'] as const) {
      await guest.emulateMedia({ colorScheme });
      // The theme changes with a colour transition; axe reads the colours it ends on.
      await guest.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
      assert.deepEqual(await axeViolations(guest), [], `axe, ${colorScheme}`);
    }
    await guest.setViewportSize({ width: 390, height: 844 });
    assert.deepEqual(await axeViolations(guest), [], 'axe, phone width');
    guestProblems.splice(problemsBeforeAxe);
    await guest.getByRole('button', { name: 'Annehmen' }).click();
    await see(guest, 'Sie sind jetzt Mitglied des Boards „Website-Relaunch“.');
    await guest.getByRole('button', { name: `Team (${size + 1})` }).waitFor();

    // The owner's open dialog shows the new member without a reload; reopened, the invitation
    // is no longer pending.
    await team.getByText('Rita Registriert').waitFor();
    await owner.getByRole('button', { name: `Team (${size + 1})` }).waitFor();
    await owner.keyboard.press('Escape');
    await owner.getByRole('button', { name: `Team (${size + 1})` }).click();
    await owner
      .getByRole('dialog', { name: 'Team-Verwaltung' })
      .getByText('Rita Registriert')
      .waitFor();
    assert.equal(
      await owner
        .getByRole('region', { name: /Offene Einladungen/ })
        .getByText(email)
        .count(),
      0,
    );
    assert.deepEqual(ownerProblems, []);
    assert.deepEqual(guestProblems, []);
    await ownerContext.close();
    await guestContext.close();
  });
});

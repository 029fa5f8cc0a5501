// Notifications between two members in real Chromium: an @mention chosen in the picker reaches
// the other member's bell live and opens the card; 'Beobachten' brings a watcher the comments of
// others (and stopping it ends that); a digest mail reaches the local mail catcher over real
// SMTP and its one-click link unsubscribes. Nobody is notified of their own actions.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import {
  startMailCatcher,
  type CaughtMail,
  type MailCatcher,
} from '../backend/src/mail/catcher.ts';
import { startBackend } from '../backend/src/server.ts';
import { teammate } from '../scripts/lib/seed-demo.ts';
import { demoAccount } from '../shared/src/dev/demo-account.ts';
import { startEnvironment, type E2eEnvironment } from './support/environment.ts';
import { axeViolations } from './support/axe.ts';
import { useOwnerAndMember } from './support/journey-setup.ts';
import { openCard, see } from './support/page-helpers.ts';

let catcher: MailCatcher;
const env = {} as E2eEnvironment;

before(async () => {
  catcher = await startMailCatcher();
  Object.assign(
    env,
    await startEnvironment((dataDir) =>
      startBackend({
        port: 0,
        dataDir,
        logLevel: 'silent',
        smtp: { url: catcher.smtpUrl },
        // 'Sofort' batches over five minutes and the worker looks every 30 s; here a second
        // each, so a digest arrives while the test waits.
        notificationDigestBatchSeconds: 1,
        notificationWorkerIntervalMs: 500,
      }),
    ),
  );
});

after(async () => {
  await env.stop?.();
  await catcher?.close();
});

/** The first mail to `email` that `matches`, read from the catcher as a person reads their inbox. */
const inbox = async (email: string, matches: (mail: CaughtMail) => boolean) => {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const mails = (await (
      await fetch(new URL('api/messages', catcher.webUrl))
    ).json()) as CaughtMail[];
    const mail = mails.find((m) => m.to.includes(email) && matches(m));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no matching mail to ${email}`);
};

const bell = (page: Page) => page.getByRole('button', { name: /^Benachrichtigungen/ });

/** The unread count the bell announces (its name: 'Benachrichtigungen, 3 ungelesen'). */
const unreadOf = async (page: Page): Promise<number> => {
  const name = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(/, (\d+) ungelesen$/.exec(name)?.[1] ?? 0);
};

/** Chooses how often digests are mailed, in 'Profil', once the saved choice has loaded. */
const chooseDigest = async (page: Page, choice: string) => {
  await page.getByRole('button', { name: 'Profil' }).click();
  const profile = page.getByRole('dialog', { name: 'Profil' });
  await page.waitForFunction(() => document.querySelector('input[name="digest"]:checked'));
  // The radios are drawn as a segmented control; their labels take the click.
  await profile.locator('label', { hasText: choice }).click();
  return profile;
};

/** Waits until the bell announces `count` unread notifications. */
const bellShows = async (page: Page, count: number): Promise<void> => {
  const name = count === 0 ? 'Benachrichtigungen' : `Benachrichtigungen, ${count} ungelesen`;
  await page.getByRole('button', { name, exact: true }).waitFor();
};

const panel = (page: Page) => page.getByRole('dialog', { name: 'Benachrichtigungen' });

const openPanel = async (page: Page) => {
  await bell(page).click();
  await panel(page).getByRole('list', { name: 'Benachrichtigungen' }).waitFor();
};

const closeCard = async (page: Page) => {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').first().waitFor({ state: 'hidden' });
};

/** Writes a comment in the open card, choosing `mention` (a name's start) in the picker. */
const comment = async (page: Page, before: string, mention?: string, rest = '') => {
  const field = page.getByRole('combobox', { name: 'Kommentar schreiben...' });
  await field.click();
  await field.pressSequentially(before);
  if (mention) {
    await field.pressSequentially(`@${mention}`);
    await page.getByRole('listbox', { name: 'Mitglieder zum Erwähnen' }).waitFor();
    assert.equal(await field.getAttribute('aria-expanded'), 'true');
    await field.press('Enter');
    await page.getByRole('listbox', { name: 'Mitglieder zum Erwähnen' }).waitFor({
      state: 'hidden',
    });
    await field.pressSequentially(rest);
  }
  await page.getByRole('button', { name: 'Kommentieren' }).click();
};

describe('notifications between two members', () => {
  const pair = useOwnerAndMember(env);

  it('a mention chosen in the picker shows live in the other bell; a click opens the card; all can be marked read', async () => {
    const { ownerPage: owner, memberPage: member } = pair;
    // The seed assigned cards to the teammate: those notifications are there already. The bell
    // draws before its count has loaded (as 'Benachrichtigungen'), so wait for the count.
    await member.getByRole('button', { name: /^Benachrichtigungen, \d+ ungelesen$/ }).waitFor();
    const before = await unreadOf(member);

    await openCard(owner, 'Startseite neu gestalten');
    await comment(owner, 'Bitte prüfen, ', 'Max', 'danke!');
    // In the card the mention reads as the highlighted current name, never as the stored id;
    // so does the card's history.
    const card = owner.getByRole('dialog');
    const sent = card.locator('p', { hasText: 'danke!' });
    await sent.waitFor();
    assert.equal(await sent.textContent(), 'Bitte prüfen, @Max Mustermann danke!');
    await sent.locator('[data-mention]', { hasText: '@Max Mustermann' }).waitFor();
    const history = card.getByTestId('activity-entry').filter({ hasText: 'danke!' });
    await history.waitFor();
    assert.match(
      (await history.textContent()) ?? '',
      /Demo Nutzerin hat die Karte kommentiert: „Bitte prüfen, @Max Mustermann danke!“/,
    );

    await bellShows(member, before + 1);
    await openPanel(member);
    const entry = panel(member).getByRole('button', {
      name: /Demo Nutzerin hat Sie in „Startseite neu gestalten“ erwähnt/,
    });
    await entry.first().click();
    await member.getByRole('dialog', { name: /Startseite neu gestalten/ }).waitFor();
    assert.match(new URL(member.url()).pathname, /^\/b\/[0-9a-f-]{36}\/c\/[0-9a-f-]{36}$/);
    await bellShows(member, before);
    await closeCard(member);

    // Marking all read empties the count.
    await openPanel(member);
    await panel(member).getByRole('button', { name: 'Alle als gelesen markieren' }).click();
    await bellShows(member, 0);
    await member.keyboard.press('Escape');

    // The owner's own comment and mention told her nothing.
    await closeCard(owner);
    await bellShows(owner, 0);
  });

  it("'Beobachten' brings a watcher the others' comments; after stopping, none", async () => {
    const { ownerPage: owner, memberPage: member } = pair;
    await bellShows(member, 0);

    // The teammate is not assigned to this card and never commented on it.
    await openCard(member, 'Farbpalette festlegen');
    const watch = member.getByRole('button', { name: 'Beobachten', exact: true });
    assert.equal(await watch.getAttribute('aria-pressed'), 'false');
    await watch.click();
    await see(member, 'Sie beobachten diese Karte.');
    await closeCard(member);

    await openCard(owner, 'Farbpalette festlegen');
    await comment(owner, 'Die Primärfarbe steht.');
    await bellShows(member, 1);
    await openPanel(member);
    await panel(member)
      .getByRole('button', { name: /Demo Nutzerin hat „Farbpalette festlegen“ kommentiert/ })
      .first()
      .waitFor();
    await member.keyboard.press('Escape');

    await openCard(member, 'Farbpalette festlegen');
    await member.getByRole('button', { name: 'Beobachten', exact: true }).click();
    await member.getByTestId('card-watching').waitFor({ state: 'hidden' });
    assert.equal(
      await member
        .getByRole('button', { name: 'Beobachten', exact: true })
        .getAttribute('aria-pressed'),
      'false',
    );
    await closeCard(member);

    // A second comment, then a mention elsewhere: notifications arrive in order, so once the
    // mention is in the bell, the comment would have been too.
    await comment(owner, 'Und die Sekundärfarbe auch.');
    await closeCard(owner);
    await openCard(owner, 'Kontaktformular reparieren');
    await comment(owner, 'Siehe Ticket, ', 'Max');
    await closeCard(owner);
    await bellShows(member, 2);
    await openPanel(member);
    const items = panel(member).getByRole('list', { name: 'Benachrichtigungen' });
    await items
      .getByText('Demo Nutzerin hat Sie in „Kontaktformular reparieren“ erwähnt')
      .waitFor();
    assert.equal(
      await items.getByText('Demo Nutzerin hat „Farbpalette festlegen“ kommentiert').count(),
      1,
    );
    await panel(member).getByRole('button', { name: 'Alle als gelesen markieren' }).click();
    await bellShows(member, 0);
    await member.keyboard.press('Escape');

    // The owner watches her own cards: her comments on them told her nothing.
    await bellShows(owner, 0);
  });

  it("a digest mail reaches the catcher ('Sofort'), and its one-click link unsubscribes", async () => {
    const { ownerPage: owner, memberPage: member } = pair;

    const profile = await chooseDigest(member, 'Sofort');
    assert.equal(await profile.getByRole('radio', { name: 'Sofort' }).isChecked(), true);
    await see(member, 'Ihre Auswahl wurde gespeichert.');
    await member.keyboard.press('Escape');
    await profile.waitFor({ state: 'hidden' });

    await openCard(owner, 'Texte für die Produktseiten');
    await comment(owner, 'Kurz und klar, ', 'Max', 'bitte übernehmen.');
    await closeCard(owner);

    const mail = await inbox(teammate.email, (m) =>
      m.text.includes('Demo Nutzerin hat Sie in „Texte für die Produktseiten“ erwähnt'),
    );
    assert.match(mail.subject, /^TaskFlow: \d+ neue Benachrichtigung/);
    assert.ok(
      mail.links.some((href) => /\/b\/[0-9a-f-]{36}\/c\/[0-9a-f-]{36}$/.test(href)),
      'the mail links to the card',
    );
    const unsubscribe = mail.links.find((href) =>
      href.includes('/functions/v1/notification-digest/unsubscribe?token='),
    );
    assert.ok(unsubscribe, 'the mail carries the one-click unsubscribe link');

    const page = await member.context().newPage();
    await page.goto(unsubscribe);
    await page.getByRole('heading', { name: 'Abgemeldet' }).waitFor();
    await see(page, 'Sie erhalten keine E-Mail-Zusammenfassungen Ihrer Benachrichtigungen mehr.');
    await page.close();

    // 'Profil' shows the choice the link made.
    await member.reload();
    await member.getByRole('button', { name: 'Profil' }).click();
    const reopened = member.getByRole('dialog', { name: 'Profil' });
    const never = reopened.getByRole('radio', { name: 'Nie' });
    await never.waitFor();
    await member.waitForFunction(
      () =>
        (document.querySelector('input[name="digest"][value="never"]') as HTMLInputElement | null)
          ?.checked === true,
    );
    assert.equal(await never.isChecked(), true);
    await member.keyboard.press('Escape');

    // The owner was told nothing of her own doing: no entry in her bell, no digest.
    await bellShows(owner, 0);
    const mails = (await (
      await fetch(new URL('api/messages', catcher.webUrl))
    ).json()) as CaughtMail[];
    assert.deepEqual(
      mails.filter((m) => m.to.includes(demoAccount.email)).map((m) => m.subject),
      [],
    );
  });

  it("the description's editor offers the members too; a mention there reaches the bell", async () => {
    const { ownerPage: owner, memberPage: member } = pair;
    // The digest's mention may still be unread.
    await bell(member).waitFor();
    const before = await unreadOf(member);
    await openCard(owner, 'Startseite neu gestalten');
    await owner.getByRole('button', { name: 'Beschreibung bearbeiten' }).click();
    const field = owner.getByRole('combobox', { name: 'Beschreibung' });
    await field.press('End');
    await field.pressSequentially(' Abnahme durch @Ma');
    const list = owner.getByRole('listbox', { name: 'Mitglieder zum Erwähnen' });
    await list.getByRole('option', { name: 'Max Mustermann', selected: true }).waitFor();
    assert.deepEqual(await axeViolations(owner), [], 'the open picker: axe violations');
    await field.press('Enter');
    await list.waitFor({ state: 'hidden' });
    // Leaving the field saves the description, which then reads with the highlighted name.
    await field.press('Escape');
    const description = owner.getByTestId('card-description');
    await description.locator('[data-mention]', { hasText: '@Max Mustermann' }).waitFor();
    assert.doesNotMatch((await description.textContent()) ?? '', /@\[/);

    await bellShows(member, before + 1);
    await openPanel(member);
    await panel(member)
      .getByRole('button', { name: /Demo Nutzerin hat Sie in „Startseite neu gestalten“ erwähnt/ })
      .first()
      .waitFor();
    await panel(member).getByRole('button', { name: 'Alle als gelesen markieren' }).click();
    await bellShows(member, 0);
    await closeCard(owner);
    await bellShows(owner, 0);
  });
});

// axe-core with every rule it has, on the main screens (sign-in, board, card detail, team and
// board settings, my tasks, activity, profile), in the light and the dark theme, at desktop and
// phone width, in real Chromium against the built apps and the real backend. A serious or
// critical violation fails the run; the one rule let through is color-contrast-enhanced (WCAG
// AAA, beyond the AA the app promises: markdown-and-themes.test.ts checks AA contrast). Also: a
// disabled primary button looks disabled in both themes.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { demoAccount } from '../shared/src/dev/demo-account.ts';
import { axeViolations } from './support/axe.ts';
import { useEnvironment } from './support/journey-setup.ts';
import { openCard, see, signIn } from './support/page-helpers.ts';

const env = useEnvironment();

const assertClean = async (page: Page, screen: string) => {
  assert.deepEqual(await axeViolations(page), [], `${screen}: serious or critical axe violations`);
};

const closeDialog = async (page: Page) => {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
};

/** An element's background as sRGB bytes (the page's oklch() painted on a canvas). */
const paintedFill = (element: Locator): Promise<number[]> =>
  element.evaluate((node) => {
    const paint = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
    paint.fillStyle = getComputedStyle(node).backgroundColor;
    paint.fillRect(0, 0, 1, 1);
    return [...paint.getImageData(0, 0, 1, 1).data.slice(0, 3)];
  });

/** The background once its colour transition has ended (two equal readings in a row). */
const fill = async (element: Locator): Promise<number[]> => {
  let last = await paintedFill(element);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = await paintedFill(element);
    if (now.join() === last.join()) return now;
    last = now;
  }
};

/** How far from grey: the spread of the sRGB channels (indigo fills are well over 100). */
const colourfulness = ([r = 0, g = 0, b = 0]: number[]) => Math.max(r, g, b) - Math.min(r, g, b);

/** No dialog left open by a test that failed half-way, so the next one starts on the board. */
const closeAll = async (page: Page) => {
  for (let i = 0; i < 3 && (await page.getByRole('dialog').count()) > 0; i += 1) {
    await page.keyboard.press('Escape');
  }
};

const viewports = {
  desktop: { width: 1400, height: 850 },
  phone: { width: 390, height: 844 },
} as const;

for (const [width, viewport] of Object.entries(viewports)) {
  for (const theme of ['light', 'dark'] as const) {
    describe(`axe, every rule, ${theme} theme at ${width} width`, () => {
      let context: BrowserContext;
      let page: Page;

      before(async () => {
        context = await env.browser.newContext({ locale: 'de-DE', viewport, colorScheme: theme });
        await context.addInitScript(
          ([key, value]: [string, string]) => localStorage.setItem(key, value),
          ['taskflow.theme', theme] as [string, string],
        );
        page = await context.newPage();
        await page.goto(env.shellUrl);
        await page.getByRole('heading', { name: 'Anmelden' }).waitFor();
      });
      after(async () => {
        await context?.close();
      });
      beforeEach(() => closeAll(page));

      it('sign-in and registration', async () => {
        assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), theme);
        await assertClean(page, 'sign-in');
        await page.getByRole('button', { name: 'Noch kein Konto? Jetzt registrieren' }).click();
        await page.getByLabel('Vollständiger Name').waitFor();
        await assertClean(page, 'registration');
        await page.getByRole('button', { name: 'Bereits registriert? Zur Anmeldung' }).click();
        await page.getByLabel('Vollständiger Name').waitFor({ state: 'detached' });
      });

      it('the board', async () => {
        await signIn(page, demoAccount.email, demoAccount.password);
        await see(page, 'Startseite neu gestalten');
        await assertClean(page, 'board');
      });

      it('a disabled primary button looks disabled', async () => {
        await page.getByRole('button', { name: 'Neues Board' }).click();
        const dialog = page.getByRole('dialog', { name: 'Neues Board erstellen' });
        try {
          const create = dialog.getByRole('button', { name: 'Erstellen', exact: true });
          assert.equal(await create.isDisabled(), true);
          // Grey, not the accent colour: in the dark theme the accent's 300 tone read as enabled.
          const disabled = await fill(create);
          if (theme === 'dark') assert.ok(colourfulness(disabled) < 60, `${disabled} is grey`);
          assert.equal(
            await create.evaluate((node) => getComputedStyle(node).cursor),
            'not-allowed',
          );
        } finally {
          await closeDialog(page);
        }
      });

      it('the card detail', async () => {
        await openCard(page, 'Kontaktformular reparieren');
        await see(page, '50 % erledigt');
        await assertClean(page, 'card detail');
        await closeDialog(page);
      });

      it('the team and the board settings', async () => {
        await page.getByRole('button', { name: /^Team \(/ }).click();
        await page.getByRole('dialog', { name: 'Team-Verwaltung' }).getByText('Owner').waitFor();
        await assertClean(page, 'team');
        await closeDialog(page);
        await page.getByRole('button', { name: 'Board-Einstellungen' }).click();
        await page.getByRole('dialog', { name: 'Board-Einstellungen' }).waitFor();
        await assertClean(page, 'board settings');
        await closeDialog(page);
      });

      it('my tasks', async () => {
        await page.getByRole('button', { name: /^Meine Aufgaben/ }).click();
        const view = page.getByRole('dialog', { name: 'Meine Aufgaben' });
        await view.waitFor();
        await view
          .getByText('Wird geladen')
          .waitFor({ state: 'detached' })
          .catch(() => {});
        await assertClean(page, 'my tasks');
        await closeDialog(page);
      });

      it('the activity', async () => {
        await page.getByRole('button', { name: 'Aktivität' }).click();
        const panel = page.getByRole('complementary', { name: 'Aktivität' });
        await panel.getByRole('listitem').first().waitFor();
        await assertClean(page, 'activity');
        await page.getByRole('button', { name: 'Aktivität schließen' }).click();
      });

      it('the profile', async () => {
        await page.getByRole('button', { name: 'Profil' }).click();
        await page.getByRole('dialog', { name: 'Profil' }).waitFor();
        await assertClean(page, 'profile');
        await closeDialog(page);
      });
    });
  }
}

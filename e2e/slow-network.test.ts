// TaskFlow on a slow connection (2 s per round trip, as Chromium's DevTools emulate it): the
// first visit paints 'Lade TaskFlow...' from the page itself, before any of its scripts has
// run, and the first click on a card opens it, however long its code takes to arrive.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page, Route } from 'playwright-core';
import { demoAccount } from '../shared/src/dev/demo-account.ts';
import { useEnvironment } from './support/journey-setup.ts';
import {
  boardColumns,
  collectProblems,
  newGermanContext,
  shoot,
  signIn,
} from './support/page-helpers.ts';

const env = useEnvironment();

const LATENCY_MS = 2000;

/** Every request of the page takes at least LATENCY_MS more, as on a poor mobile connection. */
const slowDown = async (page: Page) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: LATENCY_MS,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
};

describe('on a slow connection', () => {
  it('paints the loading screen before any script has run, then opens a card on the first click', async () => {
    const context = await newGermanContext(env.browser);
    try {
      const page = await context.newPage();
      const problems = collectProblems(page);
      await slowDown(page);
      // The page's scripts are held back until the loading screen has been seen: whatever shows
      // meanwhile comes from the page and its stylesheet alone.
      const held: Route[] = [];
      let holding = true;
      await page.route(/\.js(\?|$)/, (route) => {
        if (holding) held.push(route);
        else void route.continue();
      });
      await page.goto(env.shellUrl, { waitUntil: 'commit' });
      await page.getByRole('status').getByText('Lade TaskFlow...').waitFor();
      assert.ok(held.length > 0, 'the scripts were asked for and have not run');
      assert.equal(await page.evaluate(() => '__FEDERATION__' in window), false);
      await shoot(page, 'slow-network-loading');
      holding = false;
      for (const route of held) await route.continue();

      await signIn(page, demoAccount.email, demoAccount.password);
      const tile = boardColumns(page).getByRole('button', { name: /Startseite neu gestalten/ });
      await tile.waitFor({ timeout: 60_000 });
      // The first click answers at once, and the card opens once its code has arrived, even when
      // that takes longer than the old 8 s time-out.
      await tile.click();
      await page.getByRole('status').getByText('Wird geladen...').waitFor({ timeout: 1000 });
      await page.getByRole('dialog').waitFor({ timeout: 60_000 });
      // The card's own detail: its title in the title field.
      await page.waitForFunction(() =>
        [...document.querySelectorAll('[role="dialog"] :is(input, textarea)')].some(
          (field) => (field as HTMLInputElement).value === 'Startseite neu gestalten',
        ),
      );
      assert.equal(await page.getByText('Dieser Bereich konnte nicht geladen werden.').count(), 0);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});

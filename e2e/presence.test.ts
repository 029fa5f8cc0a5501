// Who is here in real Chromium against the built apps and the real backend: the demo
// owner sees her teammate's avatar in the board header while his board is open, and on the card
// they both open, that he is looking at it; when his page closes, both go.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { teammate } from '../scripts/lib/seed-demo.ts';
import { demoAccount } from '../shared/src/dev/demo-account.ts';
import { useEnvironment } from './support/journey-setup.ts';
import { gone, newGermanContext, see, shoot, signIn } from './support/page-helpers.ts';

const env = useEnvironment();

const CARD = 'Startseite neu gestalten';

const onBoard = (page: Page) => page.getByRole('group', { name: 'Gerade auf diesem Board' });

const openBoard = async (email: string, password: string) => {
  const context = await newGermanContext(env.browser);
  const page = await context.newPage();
  await page.goto(env.shellUrl);
  await signIn(page, email, password);
  await see(page, CARD);
  return { context, page };
};

const openCard = async (page: Page) => {
  await page
    .getByTestId('board-columns')
    .getByRole('button', { name: new RegExp(CARD) })
    .click();
  await page.getByRole('dialog').first().waitFor();
};

describe('who is here', () => {
  it('shows a teammate on the board and on the card while his page is open', async () => {
    const owner = await openBoard(demoAccount.email, demoAccount.password);
    try {
      // Alone on the board: no presence avatars, and never her own.
      await onBoard(owner.page).waitFor({ state: 'detached' });

      const member = await openBoard(teammate.email, teammate.password);
      const maxHere = onBoard(owner.page).getByRole('img', { name: teammate.fullName });
      await maxHere.waitFor();
      assert.equal(await maxHere.getAttribute('title'), teammate.fullName);
      await shoot(owner.page, 'presence-board');
      // He sees her too.
      await onBoard(member.page).getByRole('img', { name: demoAccount.fullName }).waitFor();

      await openCard(owner.page);
      await openCard(member.page);
      await see(owner.page, `${teammate.fullName} sieht sich diese Karte gerade an`);
      await see(member.page, `${demoAccount.fullName} sieht sich diese Karte gerade an`);
      await shoot(owner.page, 'presence-karte');

      // His tab closes: a clean close takes him off her board and her card at once.
      const closedAt = Date.now();
      await member.context.close();
      await gone(owner.page, `${teammate.fullName} sieht sich diese Karte gerade an`);
      // Well before the server's ping (10 s) would find a dead connection.
      assert.ok(Date.now() - closedAt < 10_000, `gone after ${Date.now() - closedAt} ms`);
      await owner.page.keyboard.press('Escape');
      await onBoard(owner.page).waitFor({ state: 'detached' });
    } finally {
      await owner.context.close();
    }
  });
});

// The board's picture (shell/src/features/board-picture): a second visit paints the board this
// device showed before any module has run or the backend has answered, in the user's theme; the
// live board takes its place; a picture is never shown to another user, and sign-out forgets it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { teammate } from '../scripts/lib/seed-demo.ts';
import { demoAccount } from '../shared/src/dev/demo-account.ts';
import { useEnvironment } from './support/journey-setup.ts';
import { collectProblems, newGermanContext, see, signIn } from './support/page-helpers.ts';

const env = useEnvironment();
const aCard = 'Startseite neu gestalten';
const hostId = 'taskflow-board-picture';

/**
 * The picture lives in a closed shadow root, which no test and no assistive technology can
 * reach: this hands the page's own reference to it to the test, before any script of the page.
 */
const exposePicture = (context: BrowserContext) =>
  context.addInitScript((id) => {
    const attach = Element.prototype.attachShadow;
    Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit) {
      const root = attach.call(this, init);
      if (this.id === id) (globalThis as { __picture?: ShadowRoot }).__picture = root;
      return root;
    };
  }, hostId);

/** Holds every request to the backend until `release` is called: the backend "has not answered". */
const holdBackend = async (page: Page) => {
  const held: Route[] = [];
  let holding = true;
  await page.route(`${env.backendUrl}/**`, (route) => {
    if (holding) held.push(route);
    else void route.continue();
  });
  return {
    release: async () => {
      holding = false;
      for (const route of held.splice(0)) await route.continue();
      await page.unroute(`${env.backendUrl}/**`);
    },
  };
};

/** What the picture shows, once it is visible: its text, and its frame's background colour. */
const pictureShown = (page: Page) =>
  page
    .waitForFunction(
      (id) => {
        const root = (globalThis as { __picture?: ShadowRoot }).__picture;
        const host = document.getElementById(id);
        if (!root || !host || getComputedStyle(host).visibility !== 'visible') return null;
        const frame = root.querySelector('.board-picture');
        return {
          text: root.textContent ?? '',
          background: frame ? getComputedStyle(frame).backgroundColor : '',
          hidden: host.getAttribute('aria-hidden'),
          inert: (host as HTMLElement).inert,
          liveBoard: document.querySelector('[data-testid="board-columns"]') !== null,
        };
      },
      hostId,
      { polling: 'raf' },
    )
    .then(async (handle) => {
      const shown = await handle.jsonValue();
      assert.ok(shown);
      return shown;
    });

const signedInAt = async (context: BrowserContext, email: string, password: string) => {
  const page = await context.newPage();
  await page.goto(env.shellUrl);
  await signIn(page, email, password);
  await see(page, aCard);
  return page;
};

describe('the board picture of a second visit', () => {
  it('paints the board before the backend answers, gives way to the live board, in the dark theme too', async () => {
    const context = await newGermanContext(env.browser);
    await exposePicture(context);
    const page = await signedInAt(context, demoAccount.email, demoAccount.password);
    const problems = collectProblems(page);
    const boardUrl = page.url();
    assert.match(new URL(boardUrl).pathname, /^\/b\/[0-9a-f-]{36}$/);

    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((value) => localStorage.setItem('taskflow.theme', value), theme);
      const backend = await holdBackend(page);
      await page.goto(boardUrl);
      const picture = await pictureShown(page);
      assert.ok(picture.text.includes(aCard), 'the picture shows the board with its cards');
      assert.ok(picture.text.includes('Zu erledigen'), 'and its lists');
      assert.equal(picture.hidden, 'true');
      assert.equal(picture.inert, true);
      // It came before the live app drew the board (from the device's copy, the backend being
      // held), and is not part of the page that tests and screen readers read.
      assert.equal(picture.liveBoard, false, 'the picture came first');

      await backend.release();
      await see(page, aCard);
      await page.locator(`#${hostId}`).waitFor({ state: 'detached' });
      // The picture had the live page's colours: its background is the page's.
      const pageBackground = await page.evaluate(
        () => getComputedStyle(document.body).backgroundColor,
      );
      assert.equal(picture.background, pageBackground, `the ${theme} theme's background`);
    }
    // The picture's markup and styles obey the page's Content-Security-Policy.
    assert.deepEqual(
      problems.filter((p) => /Content Security Policy|Refused to/.test(p)),
      [],
    );
    await context.close();
  });

  it('is never shown to another user, and sign-out forgets it', async () => {
    const context = await newGermanContext(env.browser);
    await exposePicture(context);
    const page = await signedInAt(context, demoAccount.email, demoAccount.password);
    const boardUrl = page.url();
    // Leaving the page keeps the picture.
    await page.goto('about:blank');
    await page.goto(boardUrl);
    await see(page, aCard);
    const kept = () =>
      page.evaluate(() =>
        Object.entries(localStorage).filter(([key]) => key.startsWith('taskflow.boardPicture.')),
      );
    const [ownersPicture] = await kept();
    assert.ok(ownersPicture, 'the device kept a picture of the board');

    await page.getByRole('button', { name: 'Abmelden' }).click();
    await page.getByLabel('E-Mail').waitFor();
    assert.deepEqual(await kept(), [], 'sign-out forgot the pictures');

    // The teammate signs in on the same device and opens the same board; the owner's picture is
    // back in the device's storage (as if she had never signed out): it is not shown to him.
    await signIn(page, teammate.email, teammate.password);
    await page.goto(boardUrl);
    await see(page, aCard);
    await context.addInitScript(([key, value]) => localStorage.setItem(key, value), ownersPicture);
    const backend = await holdBackend(page);
    await page.goto(boardUrl, { waitUntil: 'load' });
    assert.equal(
      await page.evaluate((key) => localStorage.getItem(key) !== null, ownersPicture[0]),
      true,
      "the owner's picture is there to be shown",
    );
    assert.equal(await page.locator(`#${hostId}`).count(), 0, 'no picture for the teammate');
    await backend.release();
    await see(page, aCard);
    await context.close();
  });
});

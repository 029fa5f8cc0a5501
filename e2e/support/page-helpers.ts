import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Locator, Page } from 'playwright-core';

/**
 * Screenshots go to a git-ignored folder on every run; `UPDATE_SCREENSHOTS=1 npm run test:e2e`
 * refreshes the ones committed in docs/screenshots (shown in the README).
 */
export const screenshotDir = fileURLToPath(
  new URL(
    process.env.UPDATE_SCREENSHOTS ? '../../docs/screenshots/' : '../../.tmp/screenshots/',
    import.meta.url,
  ),
);

/** Waits until the text is visible; the journeys assert what a user sees, not timings. */
export const see = async (page: Page, text: string | RegExp): Promise<void> => {
  await page.getByText(text).first().waitFor({ state: 'visible' });
};

export const gone = async (page: Page, text: string | RegExp): Promise<void> => {
  await page.getByText(text).first().waitFor({ state: 'hidden' });
};

export const shoot = async (page: Page, name: string): Promise<void> => {
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
};

/** The board's columns, where the card tiles are. */
export const boardColumns = (page: Page) => page.getByTestId('board-columns');

/** Opens a card's detail from its tile and waits for the dialog. */
export const openCard = async (page: Page, title: string): Promise<void> => {
  await boardColumns(page)
    .getByRole('button', { name: new RegExp(title) })
    .click();
  await page.getByRole('dialog').first().waitFor();
};

/** A German browser, as the app's users have. */
export const newGermanContext = (
  browser: { newContext: (options: object) => Promise<BrowserContext> },
  viewport = { width: 1280, height: 800 },
): Promise<BrowserContext> => browser.newContext({ locale: 'de-DE', viewport });

export const signIn = async (page: Page, email: string, password: string): Promise<void> => {
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort').fill(password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await page.getByRole('button', { name: 'Abmelden' }).waitFor();
};

/**
 * Console errors and page errors, collected for a final check. The browser logs every 400 answer
 * as an error; the one a wrong password gets is expected, so 400s are left out.
 */
export const collectProblems = (page: Page): string[] => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    const text = message.text();
    if (/status of 400/.test(text)) return;
    if (message.type() === 'error' || /Multiple GoTrueClient/.test(text)) {
      problems.push(`console.${message.type()}: ${text}`);
    }
  });
  return problems;
};

/**
 * A card dragged as a hand does it: press, move in steps (dnd-kit starts after a few pixels),
 * and release once the board shows the card's placeholder in the target list, as a user waits
 * to see where it lands. Releasing blind raced the board's last render on a loaded machine.
 */
export const dragByMouse = async (page: Page, from: Locator, to: Locator): Promise<void> => {
  const cardId = await from.evaluate((tile) =>
    tile.closest('[data-card-id]')?.getAttribute('data-card-id'),
  );
  const start = await from.boundingBox();
  const end = await to.boundingBox();
  assert.ok(cardId && start && end, 'the dragged tile and the target list are on screen');
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width / 2 + 10, start.y + start.height / 2, { steps: 5 });
  await page.mouse.move(end.x + end.width / 2, end.y + 40, { steps: 15 });
  await to.locator(`[data-card-id="${cardId}"]`).waitFor();
  await page.mouse.up();
};

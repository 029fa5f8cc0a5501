// The board of 1,000 cards the benchmark measures (bench/board.ts), met as a team meets it: cards
// dragged from one list into another list's cards, one after the other, then a search typed.
// Each card must land where it was dropped, and the board must stay on screen.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { RunningBackend } from '../backend/src/server.ts';
import { generateBoard, type BenchBoard } from '../bench/support/bench-board.ts';
import { PASSWORD } from '../bench/support/bench-users.ts';
import { serveApps, type ServedApps } from '../scripts/lib/serve-apps.ts';
import { launchChromium, startScratchBackend } from './support/environment.ts';
import { collectProblems, newGermanContext, signIn } from './support/page-helpers.ts';

const CARDS = 1000;

let backend: RunningBackend;
let apps: ServedApps;
let browser: Browser;
let board: BenchBoard;

before(async () => {
  backend = await startScratchBackend();
  apps = await serveApps({
    host: '127.0.0.1',
    shellPort: 0,
    supabase: { url: backend.url, anonKey: backend.anonKey },
  });
  browser = await launchChromium();
  board = await generateBoard(backend, CARDS);
});

after(async () => {
  await browser?.close();
  await apps?.close();
  await backend?.close();
});

const lists = (page: Page) => page.getByTestId('board-columns').locator('section');
const tilesOf = (list: Locator) => list.locator('[data-card-id]');

/**
 * A hand's drag: press on the tile, move past dnd-kit's threshold, then in a straight line onto
 * the target among the third list's cards, and release. The line crosses the gaps between the
 * lists, where the old collision test flipped between two lists. No waiting between the steps.
 */
const dragTo = async (page: Page, tile: Locator, to: { x: number; y: number }) => {
  const box = await tile.boundingBox();
  assert.ok(box, 'the tile is on screen');
  const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 10, from.y, { steps: 3 });
  await page.mouse.move(to.x, to.y, { steps: 30 });
  await page.mouse.up();
};

const counts = (page: Page) =>
  page.getByTestId('board-columns').getByTestId('list-count').allInnerTexts();

describe('a board of 1,000 cards', () => {
  let context: BrowserContext;
  let page: Page;
  let problems: string[];

  before(async () => {
    context = await newGermanContext(browser, { width: 1400, height: 850 });
    page = await context.newPage();
    problems = collectProblems(page);
    await page.goto(apps.shellUrl);
    await signIn(page, board.owner.email, PASSWORD);
    await tilesOf(lists(page).nth(4)).first().waitFor();
  });

  after(async () => {
    await context?.close();
  });

  it('takes three cards dragged one after the other into the third list, then a search', async () => {
    const before = (await counts(page)).map(Number);
    const moved: string[] = [];
    for (let round = 1; round <= 3; round += 1) {
      const tile = tilesOf(lists(page).nth(0)).first();
      const cardId = await tile.getAttribute('data-card-id');
      assert.ok(cardId);
      const third = await lists(page).nth(2).getByTestId('card-list').boundingBox();
      assert.ok(third);
      // Into the third list's cards, about its third tile.
      await dragTo(page, tile.locator('button').first(), {
        x: third.x + third.width / 2,
        y: third.y + 200,
      });
      await tilesOf(lists(page).nth(2))
        .and(page.locator(`[data-card-id="${cardId}"]`))
        .waitFor({ timeout: 10_000 });
      moved.push(cardId);
    }
    const expected = [before[0]! - 3, before[1]!, before[2]! + 3, before[3]!, before[4]!];
    assert.deepEqual((await counts(page)).map(Number), expected);
    // Stored where they were dropped, as every member sees them.
    const { data, error } = await board.owner.client
      .from('cards')
      .select('list_id')
      .in('id', moved);
    assert.equal(error, null);
    assert.deepEqual(
      data?.map((row) => row.list_id),
      moved.map(() => board.lists[2]!.id),
    );

    const search = page.getByPlaceholder('Aufgaben durchsuchen...').first();
    await search.click();
    await search.pressSequentially('Aufgabe 17', { delay: 60 });
    await page.getByTestId('board-columns').getByText('Aufgabe 17:').first().waitFor();
    await search.fill('');
    await tilesOf(lists(page).nth(4)).first().waitFor();
    assert.deepEqual((await counts(page)).map(Number), expected);
    assert.equal(await page.getByText('Dieser Bereich konnte nicht geladen werden.').count(), 0);
    assert.deepEqual(problems, []);
  });
});

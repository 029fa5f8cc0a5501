// Faults seen from the browser: two members edit one board while the backend is killed
// with SIGKILL and started again on the same data folder. What each typed meanwhile stays on
// their screen under the connection banner, arrives after the restart, and in the end both
// screens and the database agree; what was acknowledged before the kill survives.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import type { BrowserContext, Page } from 'playwright-core';
import type { Database } from '../shared/src/kernel/backend/database.types.ts';
import { demoAccount } from '../shared/src/dev/demo-account.ts';
import { teammate } from '../scripts/lib/seed-demo.ts';
import { startBackendProcess, type BackendProcess } from './support/backend-process.ts';
import { startEnvironment, type E2eEnvironment } from './support/environment.ts';
import { newGermanContext, see, shoot, signIn } from './support/page-helpers.ts';

const banner =
  'Verbindung unterbrochen – Änderungen werden gesendet, sobald die Verbindung wieder steht.';
const listName = 'Zu erledigen';

let env: E2eEnvironment;
let backend: BackendProcess;
const contexts: BrowserContext[] = [];
let ownerPage: Page;
let memberPage: Page;

const openAs = async (email: string, password: string): Promise<Page> => {
  const context = await newGermanContext(env.browser);
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(env.shellUrl);
  await signIn(page, email, password);
  await see(page, 'Startseite neu gestalten');
  return page;
};

const column = (page: Page) =>
  page.getByTestId('board-columns').getByRole('region', { name: listName });

/** Types a card into the list; the new card's detail opens, and `inDetail` may edit it. */
const addCard = async (page: Page, title: string, inDetail?: (dialog: Page) => Promise<void>) => {
  await column(page).getByRole('button', { name: '+ Karte hinzufügen' }).click();
  await column(page).getByPlaceholder('Titel der Karte').fill(title);
  await column(page).getByPlaceholder('Titel der Karte').press('Enter');
  await page.getByRole('dialog').waitFor();
  await inDetail?.(page);
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
};

/** The cards of the list as the screen shows them, top to bottom (each tile's whole text). */
const tilesOnScreen = (page: Page) =>
  column(page)
    .locator('ul > li:not([aria-hidden])')
    .evaluateAll((items) => items.map((item) => item.textContent ?? ''));

/** The cards of the list as the database holds them, by position (read as the board's owner). */
const cardsInDatabase = async () => {
  const client = createClient<Database>(backend.url, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  const signedIn = await client.auth.signInWithPassword(demoAccount);
  assert.ifError(signedIn.error);
  const list = await client.from('lists').select('id').eq('title', listName).single();
  assert.ifError(list.error);
  const cards = await client
    .from('cards')
    .select('title, description')
    .eq('list_id', list.data.id)
    .order('position');
  assert.ifError(cards.error);
  return cards.data;
};

before(async () => {
  env = await startEnvironment(async (dataDir) => {
    backend = await startBackendProcess(dataDir);
    return backend;
  });
  ownerPage = await openAs(demoAccount.email, demoAccount.password);
  memberPage = await openAs(teammate.email, teammate.password);
});

after(async () => {
  for (const context of contexts) await context.close();
  await env?.stop();
});

describe('two members while the backend is killed and restarted', () => {
  const written = {
    acknowledged: 'Vor dem Absturz bestätigt',
    inFlight: 'Beim Absturz unterwegs',
    ownerOffline: 'Während des Ausfalls (Demo)',
    memberOffline: 'Während des Ausfalls (Max)',
  };
  const description = 'Offline geschrieben, nach dem Neustart gespeichert';

  it('see an edit acknowledged before the crash on both screens', async () => {
    await addCard(ownerPage, written.acknowledged);
    await column(memberPage).getByText(written.acknowledged).waitFor();
  });

  it('keep what they type while the backend is down, under the banner', async () => {
    // The kill lands while the owner's next card is on its way: stored or not, it must end up
    // in the database exactly once.
    const sent = ownerPage.waitForRequest(
      (request) => request.method() === 'POST' && request.url().includes('/rest/v1/cards'),
    );
    const typing = addCard(ownerPage, written.inFlight);
    await sent;
    await backend.kill();
    await typing;
    await see(ownerPage, banner);
    await see(memberPage, banner);
    await addCard(ownerPage, written.ownerOffline, async (page) => {
      const field = page.getByRole('dialog').getByLabel('Beschreibung');
      await field.fill(description);
      await field.press('Tab');
    });
    await addCard(memberPage, written.memberOffline);
    // Nothing is rolled back: each sees their own edits, still unsent.
    for (const title of [written.acknowledged, written.inFlight, written.ownerOffline]) {
      await column(ownerPage).getByText(title).waitFor();
    }
    await column(memberPage).getByText(written.memberOffline).waitFor();
    await shoot(ownerPage, 'verbindung-unterbrochen');
  });

  it('catch up within 5 s of the restart, without a reload', async () => {
    await backend.restart();
    const restarted = Date.now();
    await Promise.all(
      [ownerPage, memberPage].map(async (page) => {
        for (const title of Object.values(written)) await column(page).getByText(title).waitFor();
        await page.getByText(banner).waitFor({ state: 'hidden' });
      }),
    );
    // The description typed into the offline card reached the server after the card itself.
    await column(memberPage).getByText(written.ownerOffline).click();
    // A stored description reads as its rendering.
    await memberPage
      .getByRole('dialog')
      .getByTestId('card-description')
      .getByText(description, { exact: true })
      .waitFor();
    const caughtUp = Date.now() - restarted;
    console.log(`# both screens caught up ${caughtUp} ms after the backend was ready again`);
    assert.ok(caughtUp < 5000, `caught up after ${caughtUp} ms`);
    await memberPage.keyboard.press('Escape');
  });

  it('agree with the database: every card once, in the same order', async () => {
    const stored = await cardsInDatabase();
    const storedTitles = stored.map((card) => card.title);
    for (const title of Object.values(written)) {
      assert.equal(storedTitles.filter((t) => t === title).length, 1, title);
    }
    assert.equal(
      stored.find((card) => card.title === written.ownerOffline)?.description,
      description,
    );
    // Realtime may still be delivering the last echoes: wait until each screen shows the list
    // as stored, then compare.
    for (const page of [ownerPage, memberPage]) {
      await column(page).getByText(storedTitles.at(-1)!).waitFor();
      const tiles = await tilesOnScreen(page);
      assert.equal(tiles.length, storedTitles.length);
      storedTitles.forEach((title, index) => assert.ok(tiles[index]!.includes(title), title));
    }
  });

  it('show the board to a page opened while the backend is down, once it is back', async () => {
    await backend.kill();
    await memberPage.reload();
    await see(memberPage, banner);
    await backend.restart();
    await column(memberPage).getByText(written.ownerOffline).waitFor();
    await memberPage.getByText(banner).waitFor({ state: 'hidden' });
  });
});

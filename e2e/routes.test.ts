// Links to boards and cards (issue 22, item 1), in real Chromium against the built apps and the
// real backend: the address follows what is open, Back closes the card and then returns to the
// board before, a reload keeps the card and a half-typed comment, a link opened signed out lands
// on the card after sign-in, a board the member is not on and a card that is gone say so, and
// 'Link kopieren' copies the card's address. The static server answers a deep link with the app.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { createClient } from '@supabase/supabase-js';
import type { BrowserContext, Page } from 'playwright-core';
import WebSocket from 'ws';
import { teammate } from '../scripts/lib/seed-demo.ts';
import type { Database } from '../shared/src/kernel/backend/database.types.ts';
import { demoAccount } from '../shared/src/dev/demo-account.ts';
import { useEnvironment } from './support/journey-setup.ts';
import {
  boardColumns,
  collectProblems,
  newGermanContext,
  see,
  signIn,
} from './support/page-helpers.ts';

const env = useEnvironment();
const card = 'Startseite neu gestalten';
const cardPath = /\/b\/([0-9a-f-]{36})\/c\/([0-9a-f-]{36})$/;
const boardPath = /\/b\/([0-9a-f-]{36})$/;

const dialogOf = (page: Page, title: string) => page.getByRole('dialog', { name: title });

const pathOf = (page: Page) => new URL(page.url()).pathname;

const waitForPath = async (page: Page, pattern: RegExp) => {
  await page.waitForURL((url) => pattern.test(url.pathname));
  return pattern.exec(pathOf(page)) ?? [];
};

describe('links to boards and cards', () => {
  let owner: BrowserContext;
  let page: Page;
  let problems: string[];
  let demoBoard = '';
  let secretBoard = '';

  before(async () => {
    owner = await newGermanContext(env.browser);
    page = await owner.newPage();
    problems = collectProblems(page);
    await page.goto(env.shellUrl);
    await signIn(page, demoAccount.email, demoAccount.password);
    await see(page, card);
    // The app shows the board it chose at the root without a history entry: its address.
    [, demoBoard = ''] = await waitForPath(page, boardPath);
    // A board of the owner's that the teammate is not on, made once the demo board is shown.
    const config = (await (await fetch(new URL('runtime-config.json', env.shellUrl))).json()) as {
      supabase: { url: string; anonKey: string };
    };
    const client = createClient<Database>(config.supabase.url, config.supabase.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    });
    assert.ifError((await client.auth.signInWithPassword(demoAccount)).error);
    const secret = await client.from('boards').insert({ title: 'Geheim' }).select('id').single();
    assert.ifError(secret.error);
    secretBoard = secret.data.id;
  });

  after(async () => {
    await owner?.close();
  });

  it('puts the open card in the address; Back closes it, then returns to the board before', async () => {
    await boardColumns(page)
      .getByRole('button', { name: new RegExp(card) })
      .click();
    await dialogOf(page, card).waitFor();
    const [, board, cardId] = await waitForPath(page, cardPath);
    assert.equal(board, demoBoard);
    assert.ok(cardId);

    await page.goBack();
    await dialogOf(page, card).waitFor({ state: 'detached' });
    assert.equal(pathOf(page), `/b/${demoBoard}`);
    await see(page, card);

    await page.getByLabel('Board auswählen').selectOption({ label: 'Geheim' });
    await page.getByRole('heading', { name: 'Geheim' }).waitFor();
    assert.equal(pathOf(page), `/b/${secretBoard}`);
    await page.goBack();
    await page.getByRole('heading', { name: 'Website-Relaunch' }).waitFor();
    assert.equal(pathOf(page), `/b/${demoBoard}`);
    await see(page, card);
  });

  it('keeps the card and a half-typed comment across a reload, until it is sent', async () => {
    await boardColumns(page)
      .getByRole('button', { name: new RegExp(card) })
      .click();
    const dialog = dialogOf(page, card);
    // By its label: a textbox, or a combobox once '@' offers the members.
    const comment = dialog.getByLabel('Kommentar schreiben...');
    await comment.fill('Halb geschrieben');
    await page.reload();
    await dialog.waitFor();
    assert.equal(await comment.inputValue(), 'Halb geschrieben');
    assert.match(pathOf(page), cardPath);

    await comment.fill('Jetzt fertig');
    await dialog.getByRole('button', { name: 'Kommentieren' }).click();
    await dialog.getByText('Jetzt fertig', { exact: true }).waitFor();
    await page.reload();
    await dialog.waitFor();
    await dialog.getByText('Jetzt fertig', { exact: true }).waitFor();
    assert.equal(await comment.inputValue(), '');
  });

  it("copies the card's address with 'Link kopieren'", async () => {
    await owner.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: new URL(env.shellUrl).origin,
    });
    const dialog = dialogOf(page, card);
    await dialog.getByRole('button', { name: 'Link kopieren' }).click();
    await see(page, 'Link kopiert');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(copied, page.url());
    assert.match(new URL(copied).pathname, cardPath);
  });

  it('opens a linked card after sign-in, and says what a member cannot see', async () => {
    const link = page.url();
    const member = await newGermanContext(env.browser);
    try {
      const memberPage = await member.newPage();
      const memberProblems = collectProblems(memberPage);
      await memberPage.goto(link);
      await signIn(memberPage, teammate.email, teammate.password);
      await dialogOf(memberPage, card).waitFor();
      assert.equal(memberPage.url(), link);

      await memberPage.goto(new URL(`b/${secretBoard}`, env.shellUrl).href);
      await see(memberPage, 'Sie haben keinen Zugriff auf dieses Board.');
      assert.equal(await boardColumns(memberPage).count(), 0);

      await memberPage.goto(new URL(`b/${demoBoard}/c/${randomUUID()}`, env.shellUrl).href);
      await see(memberPage, 'Diese Karte gibt es nicht mehr.');
      assert.deepEqual(memberProblems, []);
    } finally {
      await member.close();
    }
    assert.deepEqual(problems, []);
  });

  it('is answered with the app by the static server, and a missing asset is still a 404', async () => {
    const deep = await fetch(new URL(`b/${demoBoard}/c/${randomUUID()}`, env.shellUrl));
    assert.equal(deep.status, 200);
    assert.match(deep.headers.get('content-type') ?? '', /text\/html/);
    const html = await deep.text();
    // Absolute asset URLs: the deep link's folder must not become their base.
    assert.match(html, /src="\/assets\//);
    assert.doesNotMatch(html, /(src|href)="\.\//);
    assert.equal((await fetch(new URL('assets/nicht-da.js', env.shellUrl))).status, 404);
  });
});

// Quick entry, keyboard shortcuts and the label and due-date filters, in Chromium against the
// built apps and the real backend (docs/frontend.md):
// - the card composer adds with Alt+Enter and with 'Hinzufügen und weitere' and stays open;
//   a paste of several lines offers 'Eine Karte pro Zeile erstellen', which adds them in order;
//   Enter still adds and opens the card (docs/product-spec.md §4);
// - '?' opens the German help (its script loads then), '/' and 'f' go to the search, 'e'
//   opens the focused card, '>' and '<' move it between lists (announced), 'n' opens the
//   composer of the focused list; no key acts while typing in a field;
// - label and due-date filters ('Überfällig', 'Heute', 'Diese Woche', 'Ohne Datum') combine
//   with the search, by the browser's calendar.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { BrowserContext, Page } from 'playwright-core';
import WebSocket from 'ws';
import { insertRow, must, newBoard, newLists } from '../backend/test/support/rows.ts';
import { useEnvironment } from './support/journey-setup.ts';
import {
  boardColumns,
  collectProblems,
  newGermanContext,
  shoot,
  signIn,
} from './support/page-helpers.ts';

const env = useEnvironment();

/** The local calendar date `days` after today, as the browser on this machine sees it. */
const inDays = (days: number): string => {
  const now = new Date();
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(
    day.getDate(),
  ).padStart(2, '0')}`;
};
/** Days from today to this week's Sunday (German weeks run Monday to Sunday): 0 on a Sunday. */
const toSunday = (7 - new Date().getDay()) % 7;

describe('quick entry, keyboard shortcuts and filters', () => {
  const email = `tastatur-${Date.now()}@example.de`;
  const password = 'geheim123';
  let api: SupabaseClient;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  let lists: Record<'backlog' | 'doing' | 'done', string>;
  const scripts: string[] = [];

  const list = (title: string) => boardColumns(page).getByRole('region', { name: title });
  const titlesIn = async (title: string) =>
    list(title)
      .getByTestId('card-list')
      .locator('[data-card-id] > button > span.block')
      .allTextContents();
  const tile = (title: string) =>
    boardColumns(page).getByRole('button', { name: new RegExp(title) });
  /** The cards of a list as stored, in order. */
  const storedTitles = async (listId: string) =>
    (
      must(await api.from('cards').select('title').eq('list_id', listId).order('position')) as {
        title: string;
      }[]
    ).map((card) => card.title);

  /** Waits (5 s at most) until a list holds these cards as stored, in this order. */
  const storedAs = async (listId: string, titles: string[]) => {
    for (let tries = 0; tries < 50; tries += 1) {
      if ((await storedTitles(listId)).join('\n') === titles.join('\n')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.deepEqual(await storedTitles(listId), titles);
  };

  before(async () => {
    const config = (await (await fetch(new URL('runtime-config.json', env.shellUrl))).json()) as {
      supabase: { url: string; anonKey: string };
    };
    api = createClient(config.supabase.url, config.supabase.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    });
    must(
      await api.auth.signUp({ email, password, options: { data: { full_name: 'Tara Taste' } } }),
    );
    const signedIn = await api.auth.signInWithPassword({ email, password });
    if (signedIn.error) throw signedIn.error;

    const board = await newBoard(api, 'Sprint');
    const [backlog, doing, done] = await newLists(api, board, ['Backlog', 'In Arbeit', 'Fertig']);
    lists = { backlog: backlog!, doing: doing!, done: done! };
    const design = await insertRow(api, 'board_labels', {
      board_id: board,
      name: 'Design',
      color: 'bg-blue-100 text-blue-800',
    });
    const bug = await insertRow(api, 'board_labels', {
      board_id: board,
      name: 'Fehler',
      color: 'bg-red-100 text-red-800',
    });
    const cards: [string, string | null, string][] = [
      ['Altlast prüfen', inDays(-30), bug],
      ['Heute liefern', inDays(0), design],
      ['Wochenziel', inDays(toSunday), bug],
      ['Später planen', inDays(30), design],
      ['Ohne Termin', null, design],
    ];
    for (const [index, [title, due_date, label]] of cards.entries()) {
      const id = await insertRow(api, 'cards', {
        list_id: lists.backlog,
        title,
        due_date,
        position: 1024 * (index + 1),
      });
      must(await api.from('card_tags').insert({ card_id: id, label_id: label }));
    }

    context = await newGermanContext(env.browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: new URL(env.shellUrl).origin,
    });
    page = await context.newPage();
    problems = collectProblems(page);
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(env.shellUrl);
    await signIn(page, email, password);
    await tile('Ohne Termin').waitFor();
  });

  after(async () => {
    await context?.close();
    await api?.auth.signOut();
  });

  it('filters by label and due date, together with the search', async () => {
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    const label = page.getByRole('combobox', { name: 'Label' });
    const due = page.getByRole('combobox', { name: 'Fälligkeit' });
    const search = page.getByRole('searchbox', { name: 'Aufgaben durchsuchen...' });
    const shows = async (expected: string[]) => {
      await tile(expected[0] ?? 'nothing')
        .first()
        .waitFor({ state: expected[0] ? 'visible' : 'detached' })
        .catch(() => undefined);
      await page.waitForFunction(
        (count) =>
          document.querySelectorAll('[data-testid="card-list"] [data-card-id]').length === count,
        expected.length,
      );
      assert.deepEqual(await titlesIn('Backlog'), expected);
    };

    await label.selectOption({ label: 'Fehler' });
    await shows(['Altlast prüfen', 'Wochenziel']);
    await due.selectOption({ label: 'Überfällig' });
    await shows(['Altlast prüfen']);
    await label.selectOption({ label: 'Alle Labels' });
    await due.selectOption({ label: 'Heute' });
    await shows(toSunday === 0 ? ['Heute liefern', 'Wochenziel'] : ['Heute liefern']);
    await due.selectOption({ label: 'Diese Woche' });
    await shows(['Heute liefern', 'Wochenziel']);
    await search.fill('ziel');
    await shows(['Wochenziel']);
    await search.fill('');
    await due.selectOption({ label: 'Ohne Datum' });
    await shows(['Ohne Termin']);
    // The Filter button counts what is set: the due date and nothing else now.
    await page
      .getByRole('button', { name: /^Filter/ })
      .getByText('1')
      .waitFor();
    await shoot(page, 'filter-label-datum');
    await page.getByRole('button', { name: 'Filter zurücksetzen' }).first().click();
    await shows(['Altlast prüfen', 'Heute liefern', 'Wochenziel', 'Später planen', 'Ohne Termin']);
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
  });

  it('adds card after card with Alt+Enter, the second button and a paste of several lines', async () => {
    await list('Fertig').getByRole('button', { name: '+ Karte hinzufügen' }).click();
    const field = list('Fertig').getByRole('textbox', { name: 'Titel der Karte' });
    await field.fill('Eins');
    await field.press('Alt+Enter');
    await tile('Eins').waitFor();
    assert.equal(await field.inputValue(), '');
    assert.ok(await field.evaluate((node) => node === document.activeElement));
    await page.keyboard.type('Zwei');
    await list('Fertig').getByRole('button', { name: 'Hinzufügen und weitere' }).click();
    await tile('Zwei').waitFor();
    assert.ok(await field.evaluate((node) => node === document.activeElement));

    await page.evaluate(() => navigator.clipboard.writeText('Drei\nVier\n\n  Fünf  \n'));
    await page.keyboard.press('ControlOrMeta+V');
    assert.equal(await field.inputValue(), 'Drei Vier Fünf');
    await list('Fertig').getByText('3 Zeilen eingefügt.').waitFor();
    await list('Fertig').getByRole('button', { name: 'Eine Karte pro Zeile erstellen' }).click();
    await tile('Fünf').waitFor();
    assert.deepEqual(await titlesIn('Fertig'), ['Eins', 'Zwei', 'Drei', 'Vier', 'Fünf']);
    assert.equal(await field.inputValue(), '');
    // None of them opened its detail.
    assert.equal(await page.getByRole('dialog').count(), 0);

    // Enter keeps the product's flow: the card is added and its detail opens.
    await field.fill('Mit Detail');
    await field.press('Enter');
    await page.getByRole('dialog').getByRole('textbox', { name: 'Titel' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    // Stored in the order entered, once each.
    await storedAs(lists.done, ['Eins', 'Zwei', 'Drei', 'Vier', 'Fünf', 'Mit Detail']);
  });

  it("answers the shortcuts, lists them on '?', and leaves keys typed in a field alone", async () => {
    assert.deepEqual(
      scripts.filter((url) => /shortcut/i.test(url)),
      [],
    );
    await page.locator('body').click({ position: { x: 5, y: 200 } });
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Tastenkürzel' });
    await help
      .getByRole('row', { name: /Karte mit dem Fokus in die nächste Liste verschieben/ })
      .waitFor();
    assert.ok(
      scripts.some((url) => /shortcut/i.test(url)),
      'the help loads when first opened',
    );
    await shoot(page, 'tastenkuerzel');
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'hidden' });

    // '/' goes to the search; there, keys are text.
    const search = page.getByRole('searchbox', { name: 'Aufgaben durchsuchen...' });
    await page.keyboard.press('/');
    assert.ok(await search.evaluate((node) => node === document.activeElement));
    await page.keyboard.type('fn/?');
    assert.equal(await search.inputValue(), 'fn/?');
    await search.fill('');

    // 'e' opens the focused card; Escape closes it and the focus is back on the card.
    await tile('Heute liefern').focus();
    await page.keyboard.press('e');
    const detail = page.getByRole('dialog');
    await detail.getByRole('textbox', { name: 'Titel' }).waitFor();
    assert.equal(
      await detail.getByRole('textbox', { name: 'Titel' }).inputValue(),
      'Heute liefern',
    );
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });

    // '>' moves it to the next list, says so, and the focus goes along.
    await tile('Heute liefern').focus();
    await page.keyboard.press('>');
    await list('In Arbeit')
      .getByRole('button', { name: /Heute liefern/ })
      .waitFor();
    await page
      .getByText('Karte „Heute liefern“ nach Liste „In Arbeit“ verschoben, Position 1 von 1.')
      .waitFor({ state: 'attached' });
    await page.waitForFunction(
      () =>
        document.activeElement?.closest('[data-list-id]')?.getAttribute('aria-label') ===
        'In Arbeit',
    );
    await page.keyboard.press('>');
    await list('Fertig')
      .getByRole('button', { name: /Heute liefern/ })
      .waitFor();
    await page.keyboard.press('<');
    await list('In Arbeit')
      .getByRole('button', { name: /Heute liefern/ })
      .waitFor();
    await storedAs(lists.doing, ['Heute liefern']);

    // 'n' opens the composer of the list the focus is in; 'f' there is a letter.
    await page.keyboard.press('n');
    const field = list('In Arbeit').getByRole('textbox', { name: 'Titel der Karte' });
    await field.waitFor();
    assert.equal(await field.inputValue(), '');
    await page.keyboard.type('Feinschliff');
    await page.keyboard.press('Alt+Enter');
    await tile('Feinschliff').waitFor();
    await page.keyboard.press('Escape');
    await field.waitFor({ state: 'detached' });
    assert.ok(
      await list('In Arbeit')
        .getByRole('button', { name: '+ Karte hinzufügen' })
        .evaluate((node) => node === document.activeElement),
    );
    assert.deepEqual(problems, []);
  });
});

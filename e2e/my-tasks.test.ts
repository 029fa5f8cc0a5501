// 'Meine Aufgaben' in real Chromium against the built apps and the real backend: a
// user with tasks on two boards, due yesterday, today, this week, later and never, sees them
// grouped, the badge and the reminder at sign-in; a task that becomes due while the page is open
// reminds again; a click opens the card on its board.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { BrowserContext, Page } from 'playwright-core';
import WebSocket from 'ws';
import { must, newBoard, newCard, newList } from '../backend/test/support/rows.ts';
import { localDateKey } from '../shared/src/domain/dates.ts';
import { useEnvironment } from './support/journey-setup.ts';
import { collectProblems, newGermanContext, see, shoot, signIn } from './support/page-helpers.ts';

const env = useEnvironment();

/** The local calendar date `days` from today, as the browser on this machine sees it. */
const inDays = (days: number): string => {
  const now = new Date();
  return localDateKey(new Date(now.getFullYear(), now.getMonth(), now.getDate() + days));
};

describe("'Meine Aufgaben'", () => {
  const email = `mira-${Date.now()}@example.de`;
  const password = 'geheim123';
  let api: SupabaseClient;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  let customerBoard: string;
  let reportCard: string;

  before(async () => {
    const config = (await (await fetch(new URL('runtime-config.json', env.shellUrl))).json()) as {
      supabase: { url: string; anonKey: string };
    };
    api = createClient(config.supabase.url, config.supabase.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    });
    must(
      await api.auth.signUp({ email, password, options: { data: { full_name: 'Mira Weber' } } }),
    );
    const signedIn = await api.auth.signInWithPassword({ email, password });
    if (signedIn.error) throw signedIn.error;
    const me = signedIn.data.user.id;

    const card = async (
      listId: string,
      title: string,
      due_date: string | null,
      priority = 'medium',
      assign = true,
    ) => {
      const id = await newCard(api, listId, title, { due_date, priority });
      if (assign) must(await api.from('card_assignees').insert({ card_id: id, user_id: me }));
      return id;
    };

    // The customer board is older, so the internal one (newest first) is selected at sign-in.
    customerBoard = await newBoard(api, 'Kundenprojekt');
    const open = await newList(api, customerBoard, 'Offen');
    const internal = await newList(api, await newBoard(api, 'Interne Aufgaben'), 'Backlog');
    await card(open, 'Rechnung prüfen', inDays(-1), 'urgent');
    await card(open, 'Kundentermin vorbereiten', inDays(0), 'high');
    const release = await card(internal, 'Release 2.0', null, 'medium', false);
    must(
      await api.from('card_checklist_items').insert({
        card_id: release,
        text: 'Changelog schreiben',
        position: 1024,
        assigned_to: me,
        due_date: inDays(0),
      }),
    );
    await card(internal, 'Wochenplanung', inDays(1));
    await card(open, 'Jahresabschluss', inDays(14), 'low');
    await card(internal, 'Ideen sammeln', null);
    reportCard = await card(open, 'Bericht senden', inDays(20));

    context = await newGermanContext(env.browser);
    page = await context.newPage();
    problems = collectProblems(page);
    await page.goto(env.shellUrl);
    await signIn(page, email, password);
  });

  after(async () => {
    await context?.close();
    await api?.auth.signOut();
  });

  it('reminds at sign-in and shows the badge', async () => {
    await see(page, 'Heute fällig: 2 Aufgaben · Überfällig: 1 Aufgabe');
    const button = page.getByRole('button', {
      name: 'Meine Aufgaben, 3 Aufgaben überfällig oder heute fällig',
    });
    await button.waitFor();
    assert.equal(await button.getByTestId('my-tasks-badge').textContent(), '3');
  });

  it('groups the tasks by due date, each with board, list, priority and due date', async () => {
    await page.getByRole('button', { name: /^Meine Aufgaben/ }).click();
    const view = page.getByRole('dialog', { name: 'Meine Aufgaben' });
    await view.getByRole('heading', { name: 'Überfällig (1)' }).waitFor();
    const titles = async (group: RegExp) =>
      (
        await view
          .getByRole('region', { name: group })
          .locator('li button > span:first-child')
          .allTextContents()
      ).sort();

    // On a Sunday the week ends today: tomorrow's task is then 'Später'.
    const sunday = new Date().getDay() === 0;
    assert.deepEqual(
      await view.getByRole('heading', { level: 3 }).allTextContents(),
      sunday
        ? ['Überfällig (1)', 'Heute (2)', 'Später (3)', 'Ohne Datum (1)']
        : ['Überfällig (1)', 'Heute (2)', 'Diese Woche (1)', 'Später (2)', 'Ohne Datum (1)'],
    );
    assert.deepEqual(await titles(/^Überfällig/), ['Rechnung prüfen']);
    assert.deepEqual(await titles(/^Heute/), ['Changelog schreiben', 'Kundentermin vorbereiten']);
    assert.deepEqual(await titles(/^Ohne Datum/), ['Ideen sammeln']);
    if (!sunday) assert.deepEqual(await titles(/^Diese Woche/), ['Wochenplanung']);
    assert.ok((await titles(/^Später/)).includes('Jahresabschluss'));

    const invoice = view.getByRole('button', {
      name: /^Rechnung prüfen/,
    });
    await invoice.getByText('Board „Kundenprojekt“, Liste „Offen“').waitFor();
    await invoice.getByText('Dringend').waitFor();
    const [y, m, d] = inDays(-1).split('-');
    await invoice.getByText(`Fällig am ${d}.${m}.${y}`).waitFor();
    await view.getByText('Unteraufgabe von „Release 2.0“').waitFor();
    await shoot(page, 'my-tasks');
  });

  it('reminds again when a task becomes due while the page is open', async () => {
    must(
      await api
        .from('cards')
        .update({ due_date: inDays(0) })
        .eq('id', reportCard),
    );
    await see(page, 'Heute fällig: 3 Aufgaben · Überfällig: 1 Aufgabe');
    const view = page.getByRole('dialog', { name: 'Meine Aufgaben' });
    await view.getByRole('heading', { name: 'Heute (3)' }).waitFor();
    await page
      .getByRole('button', { name: 'Meine Aufgaben, 4 Aufgaben überfällig oder heute fällig' })
      .waitFor();
  });

  it('opens the card on its board', async () => {
    const selector = page.getByRole('combobox', { name: 'Board auswählen' });
    assert.notEqual(await selector.inputValue(), customerBoard);
    await page
      .getByRole('dialog', { name: 'Meine Aufgaben' })
      .getByRole('button', { name: /^Kundentermin vorbereiten/ })
      .click();
    const card = page.getByRole('dialog', { name: 'Kundentermin vorbereiten' });
    await card.waitFor();
    assert.equal(
      await card.getByLabel('Titel', { exact: true }).inputValue(),
      'Kundentermin vorbereiten',
    );
    assert.equal(await selector.inputValue(), customerBoard);
    assert.equal(await page.getByRole('dialog', { name: 'Meine Aufgaben' }).count(), 0);
    assert.deepEqual(problems, []);
  });

  it('fits the top bar of a phone, badge and all', async () => {
    const phone = await env.browser.newContext({
      locale: 'de-DE',
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    try {
      const small = await phone.newPage();
      await small.goto(env.shellUrl);
      await signIn(small, email, password);
      const button = small.getByRole('button', {
        name: 'Meine Aufgaben, 4 Aufgaben überfällig oder heute fällig',
      });
      await button.waitFor();
      const box = await button.boundingBox();
      assert.ok(
        box && box.height >= 40 && box.x + box.width <= 390,
        `button at ${JSON.stringify(box)}`,
      );
      // The phone's top bar has two rows since issue 20 (board selector on its own row); with
      // the board's header it takes at most a quarter of the screen.
      const bar = await small.locator('header').first().boundingBox();
      assert.ok(bar && bar.height <= 844 / 4 - 64, `top bar is ${bar?.height} px high`);
      const overflow = await small.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      assert.equal(overflow, 0);
      await shoot(small, 'my-tasks-phone');
    } finally {
      await phone.close();
    }
  });
});

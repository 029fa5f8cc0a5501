// 'Verschieben nach …' and 'Kopieren nach …' from the card detail, in real Chromium against the
// built apps and the real backend: a move inside the board (the second member sees it live), a
// copy to another board (labels matched by name), a move to another board (gone for the member
// who is not on it), and a member offered only the boards they belong to.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createClient } from '@supabase/supabase-js';
import type { Page } from 'playwright-core';
import WebSocket from 'ws';
import type { Database } from '../shared/src/kernel/backend/database.types.ts';
import { demoAccount } from '../shared/src/dev/demo-account.ts';
import { useEnvironment, useOwnerAndMember } from './support/journey-setup.ts';
import { boardColumns, gone, openCard, see } from './support/page-helpers.ts';

const env = useEnvironment();

const detailOf = (page: Page, title: string) => page.getByRole('dialog', { name: title });

const list = (page: Page, title: string) => boardColumns(page).getByRole('region', { name: title });

/** Sends the open card somewhere through the dialog ('Verschieben' or 'Kopieren'). */
const transfer = async (
  page: Page,
  card: string,
  action: 'Verschieben' | 'Kopieren',
  to: { board?: string; list: string; top?: boolean },
) => {
  await detailOf(page, card)
    .getByRole('button', { name: `${action} nach …` })
    .click();
  const dialog = page.getByRole('dialog', {
    name: action === 'Verschieben' ? 'Karte verschieben' : 'Karte kopieren',
  });
  if (to.board) await dialog.getByLabel('Board').selectOption({ label: to.board });
  await dialog.getByLabel('Liste').selectOption({ label: to.list });
  await dialog.getByRole('radio', { name: to.top ? 'Oben' : 'Unten' }).check();
  await dialog.getByRole('button', { name: action, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
};

describe('moving and copying a card from its detail', () => {
  const pair = useOwnerAndMember(env);

  // Made once both are signed in, so that the demo board stays the one shown (the newest board
  // is selected at sign-in). The owner's second board, which the teammate is not a member of: a list and a label that
  // shares its name with one on the demo board.
  before(async () => {
    const config = (await (await fetch(new URL('runtime-config.json', env.shellUrl))).json()) as {
      supabase: { url: string; anonKey: string };
    };
    const client = createClient<Database>(config.supabase.url, config.supabase.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    });
    assert.ifError((await client.auth.signInWithPassword(demoAccount)).error);
    const board = await client.from('boards').insert({ title: 'Marketing' }).select('id').single();
    assert.ifError(board.error);
    assert.ifError(
      (
        await client.from('lists').insert([
          { board_id: board.data.id, title: 'Eingang', position: 1024 },
          { board_id: board.data.id, title: 'Später', position: 2048 },
        ])
      ).error,
    );
    assert.ifError(
      (
        await client.from('board_labels').insert({
          board_id: board.data.id,
          name: 'Fehler',
          color: 'bg-red-100 text-red-800',
        })
      ).error,
    );
    await client.auth.signOut();
  });

  it('moves a card to the top of another list; the other member sees it there', async () => {
    const card = 'Texte für die Produktseiten';
    await openCard(pair.ownerPage, card);
    await transfer(pair.ownerPage, card, 'Verschieben', { list: 'Erledigt', top: true });
    await detailOf(pair.ownerPage, card).waitFor();
    await pair.ownerPage.keyboard.press('Escape');
    for (const page of [pair.ownerPage, pair.memberPage]) {
      await list(page, 'Erledigt')
        .getByRole('button', { name: new RegExp(card) })
        .waitFor();
      const first = list(page, 'Erledigt').locator('[data-card-id]').first();
      assert.match((await first.textContent()) ?? '', new RegExp(card));
    }
  });

  it('offers a member only the boards they belong to', async () => {
    const card = 'Startseite neu gestalten';
    await openCard(pair.memberPage, card);
    await detailOf(pair.memberPage, card).getByRole('button', { name: 'Kopieren nach …' }).click();
    const dialog = pair.memberPage.getByRole('dialog', { name: 'Karte kopieren' });
    // The dialog loads when opened; its choices are there once the first one is.
    await dialog.getByLabel('Board').locator('option').first().waitFor({ state: 'attached' });
    const boards = await dialog
      .getByLabel('Board')
      .locator('option')
      .evaluateAll((options) => options.map((option) => option.textContent));
    assert.deepEqual(boards, ['Website-Relaunch (dieses Board)']);
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await pair.memberPage.keyboard.press('Escape');
    await detailOf(pair.memberPage, card).waitFor({ state: 'detached' });
  });

  it('copies a card to another board with the labels that board has by name', async () => {
    const card = 'Kontaktformular reparieren';
    await openCard(pair.ownerPage, card);
    await transfer(pair.ownerPage, card, 'Kopieren', { board: 'Marketing', list: 'Eingang' });
    await see(pair.ownerPage, 'Karte nach „Marketing“ kopiert.');
    // The original stays open and in its place.
    await detailOf(pair.ownerPage, card).waitFor();
    await pair.ownerPage.keyboard.press('Escape');

    await pair.ownerPage
      .getByRole('combobox', { name: 'Board auswählen' })
      .selectOption({ label: 'Marketing' });
    const copy = list(pair.ownerPage, 'Eingang').getByRole('button', { name: new RegExp(card) });
    await copy.waitFor();
    const text = (await copy.textContent()) ?? '';
    assert.match(text, /Fehler/);
    assert.doesNotMatch(text, /Frontend/);
    await openCard(pair.ownerPage, card);
    await detailOf(pair.ownerPage, card).getByText('50 % erledigt').waitFor();
    await pair.ownerPage.keyboard.press('Escape');
    await pair.ownerPage
      .getByRole('combobox', { name: 'Board auswählen' })
      .selectOption({ label: 'Website-Relaunch' });
    await see(pair.ownerPage, card);
  });

  it('moves a card to another board: gone for the member who is not there', async () => {
    const card = 'Farbpalette festlegen';
    await see(pair.memberPage, card);
    await openCard(pair.ownerPage, card);
    await transfer(pair.ownerPage, card, 'Verschieben', { board: 'Marketing', list: 'Später' });
    await see(pair.ownerPage, 'Karte nach „Marketing“ verschoben.');
    // The card left this board: its detail closes, and both members' boards lose it.
    await detailOf(pair.ownerPage, card).waitFor({ state: 'detached' });
    await gone(pair.ownerPage, card);
    await gone(pair.memberPage, card);

    await pair.ownerPage
      .getByRole('combobox', { name: 'Board auswählen' })
      .selectOption({ label: 'Marketing' });
    await list(pair.ownerPage, 'Später')
      .getByRole('button', { name: new RegExp(card) })
      .waitFor();
  });
});

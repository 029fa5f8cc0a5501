// The archive, in real Chromium with two members on the demo board: cards, lists and boards
// archived and restored, live for both; 'Board löschen' undone from its toast; a board
// destroyed only from the archive after typing its name; undo by the keyboard alone; and a
// member removed while looking at a card, told so.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { useEnvironment, useOwnerAndMember } from './support/journey-setup.ts';
import { boardColumns, gone, openCard, see, shoot } from './support/page-helpers.ts';

const env = useEnvironment();

/** The text of the focused element: where a keyboard user is. */
const focused = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');

const selectorOptions = (page: Page) =>
  page.getByRole('combobox', { name: 'Board auswählen' }).locator('option').allTextContents();

describe('the archive, for two members at once', () => {
  const pair = useOwnerAndMember(env);

  it('archives a card: gone for both at once, back from the Archiv with all it had', async () => {
    const { ownerPage: owner, memberPage: member } = pair;
    await openCard(owner, 'Kontaktformular reparieren');
    await owner.getByRole('button', { name: 'Archivieren' }).click();
    const toast = owner.getByRole('status').filter({ hasText: 'archiviert' });
    await toast.getByText('Karte „Kontaktformular reparieren“ archiviert.').waitFor();
    assert.equal(await focused(owner), 'Rückgängig');
    await boardColumns(owner).getByText('Kontaktformular reparieren').waitFor({ state: 'hidden' });
    await boardColumns(member).getByText('Kontaktformular reparieren').waitFor({ state: 'hidden' });

    await owner.getByRole('button', { name: 'Archiv', exact: true }).click();
    const archive = owner.getByRole('dialog', { name: 'Archiv' });
    await archive.getByText('Kontaktformular reparieren').waitFor();
    await archive.getByText(/^in „In Arbeit“ · archiviert am \d/).waitFor();
    await shoot(owner, 'archiv');
    await archive
      .getByRole('button', { name: 'Wiederherstellen: „Kontaktformular reparieren“' })
      .click();
    await see(owner, '„Kontaktformular reparieren“ wiederhergestellt.');
    await archive.getByRole('button', { name: 'Fertig' }).click();
    await boardColumns(owner).getByText('Kontaktformular reparieren').waitFor();
    await boardColumns(member).getByText('Kontaktformular reparieren').waitFor();
    // The board loaded it again whole: subtasks and comments came back with it.
    await openCard(member, 'Kontaktformular reparieren');
    await see(member, 'Kodierung korrigieren');
    await see(member, 'Betrifft nur Safari, soweit ich sehe.');
    await member.keyboard.press('Escape');
  });

  it('archives a list with its cards, and undoes it with the keyboard alone', async () => {
    const { ownerPage: owner, memberPage: member } = pair;
    await owner.getByRole('button', { name: 'Aktionen für Liste „Erledigt“' }).click();
    await owner.getByRole('menuitem', { name: 'Liste archivieren' }).click();
    await see(owner, 'Liste „Erledigt“ archiviert.');
    await boardColumns(member)
      .getByRole('button', { name: 'Erledigt', exact: true })
      .waitFor({ state: 'hidden' });
    assert.equal(await focused(owner), 'Rückgängig');
    await owner.keyboard.press('Enter');
    await boardColumns(owner).getByRole('button', { name: 'Erledigt', exact: true }).waitFor();
    await boardColumns(member).getByRole('button', { name: 'Erledigt', exact: true }).waitFor();
  });

  it("undoes 'Aufgabe löschen' with the keyboard alone, the toast staying while focused", async () => {
    const { ownerPage: owner } = pair;
    await openCard(owner, 'Farbpalette festlegen');
    await owner.getByRole('button', { name: 'Aufgabe löschen', exact: true }).click();
    await boardColumns(owner).getByText('Farbpalette festlegen').waitFor({ state: 'hidden' });
    assert.equal(await focused(owner), 'Rückgängig');
    // Longer than the 8 s the undo is offered: it stays while it has the focus.
    await owner.waitForTimeout(9000);
    assert.equal(await focused(owner), 'Rückgängig');
    await owner.keyboard.press('Enter');
    await boardColumns(owner).getByText('Farbpalette festlegen').waitFor();
  });

  it("'Board löschen' takes the board out of every member's selector, and Rückgängig brings it back", async () => {
    const { ownerPage: owner, memberPage: member } = pair;
    await owner.getByRole('button', { name: 'Board löschen' }).click();
    await see(owner, 'Board „Website-Relaunch“ gelöscht. Im Archiv 30 Tage wiederherstellbar.');
    await see(member, 'Das Board „Website-Relaunch“ wurde gelöscht.');
    await see(member, 'Willkommen bei TaskFlow!');
    await see(owner, 'Willkommen bei TaskFlow!');
    await shoot(owner, 'board-geloescht');
    assert.equal(await focused(owner), 'Rückgängig');
    await owner.keyboard.press('Enter');
    await owner.getByRole('heading', { name: 'Website-Relaunch' }).waitFor();
    await member.getByRole('heading', { name: 'Website-Relaunch' }).waitFor();
    await see(member, 'Startseite neu gestalten');
  });

  it('destroys a board for good only from the archive, after its name is typed', async () => {
    const { ownerPage: owner } = pair;
    await owner.getByRole('button', { name: 'Neues Board' }).click();
    const create = owner.getByRole('dialog', { name: 'Neues Board erstellen' });
    await create.getByLabel('Name des Boards').fill('Wegwerf-Board');
    await create.getByLabel('Name des Boards').press('Enter');
    await owner.getByRole('heading', { name: 'Wegwerf-Board' }).waitFor();
    await owner.getByRole('button', { name: 'Board löschen' }).click();
    await owner.getByRole('heading', { name: 'Website-Relaunch' }).waitFor();
    assert.deepEqual(await selectorOptions(owner), ['Website-Relaunch']);

    await owner.getByRole('button', { name: 'Archiv', exact: true }).click();
    const archive = owner.getByRole('dialog', { name: 'Archiv' });
    await archive.getByRole('button', { name: 'Endgültig löschen: Board „Wegwerf-Board“' }).click();
    const confirm = owner.getByRole('dialog', { name: 'Board „Wegwerf-Board“ endgültig löschen' });
    const destroy = confirm.getByRole('button', { name: 'Endgültig löschen' });
    await confirm.getByRole('textbox').fill('Wegwerf');
    assert.equal(await destroy.isDisabled(), true);
    await confirm.getByRole('textbox').fill('Wegwerf-Board');
    await confirm.getByRole('textbox').press('Enter');
    await see(owner, 'Board „Wegwerf-Board“ gelöscht.');
    await archive.getByText('Wegwerf-Board').waitFor({ state: 'hidden' });
    // The focus stays in the archive, on the next entry or the dialog, not on the page.
    await owner.waitForFunction(() => !!document.activeElement?.closest('[role="dialog"]'), null, {
      timeout: 5000,
    });
    await archive.getByRole('button', { name: 'Fertig' }).click();
  });

  it('tells a member removed while looking at a card, and closes the card', async () => {
    const { ownerPage: owner, memberPage: member } = pair;
    await openCard(member, 'Startseite neu gestalten');
    await owner.getByRole('button', { name: /^Team/ }).click();
    const team = owner.getByRole('dialog', { name: 'Team-Verwaltung' });
    await team.getByRole('button', { name: /Entfernen/ }).click();
    await owner.getByRole('dialog').last().getByRole('button', { name: 'Entfernen' }).click();
    await see(member, 'Sie wurden aus dem Board „Website-Relaunch“ entfernt.');
    await gone(member, 'Startseite neu gestalten');
    assert.equal(await member.getByText('Diese Aufgabe gibt es nicht mehr.').count(), 0);
    await see(member, 'Willkommen bei TaskFlow!');
    await member.waitForFunction(
      () => document.activeElement?.textContent === 'Erstes Board erstellen',
    );
  });
});

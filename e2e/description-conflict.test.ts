// Two members editing one card's description at the same time, in real Chromium against the
// built apps and the real backend: the one whose text was overwritten meanwhile is told who
// changed it, sees both, and chooses; nothing is overwritten silently.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { teammate } from '../scripts/lib/seed-demo.ts';
import { demoAccount } from '../shared/src/dev/demo-account.ts';
import { useEnvironment, useOwnerAndMember } from './support/journey-setup.ts';
import { openCard } from './support/page-helpers.ts';

const env = useEnvironment();

const card = 'Kontaktformular reparieren';

const detail = (page: Page) => page.getByRole('dialog', { name: card });

/** Opens the card's description for editing and types at its end. */
const startEditing = async (page: Page) => {
  const dialog = detail(page);
  const edit = dialog.getByRole('button', { name: 'Beschreibung bearbeiten' });
  if (await edit.count()) await edit.click();
  const field = dialog.getByRole('combobox', { name: 'Beschreibung' });
  await field.focus();
  await field.press('End');
  return field;
};

describe('two members editing one description', () => {
  const pair = useOwnerAndMember(env);

  it('tells the one whose text was overwritten meanwhile, and lets them choose', async () => {
    await openCard(pair.ownerPage, card);
    await openCard(pair.memberPage, card);
    // Each sees the other in the card (presence), which names who changed the text.
    await detail(pair.ownerPage).getByText(`${teammate.fullName} sieht sich`).waitFor();

    // The owner types and stays in the field; her text saves after a pause and reaches Max.
    const owner = await startEditing(pair.ownerPage);
    await owner.pressSequentially(' Von Demo.');
    await detail(pair.memberPage)
      .getByText(/Von Demo\./)
      .waitFor();
    // Max edits too, and his text saves while she is still in the field.
    const member = await startEditing(pair.memberPage);
    await member.pressSequentially(' Von Max.');

    const ownerAlert = detail(pair.ownerPage).getByRole('alert');
    await ownerAlert
      .getByText(
        `${teammate.fullName} hat die Beschreibung geändert, während Sie sie bearbeitet haben.`,
      )
      .waitFor();
    await ownerAlert.getByText(/Von Max\./).waitFor();
    assert.match(await owner.inputValue(), /Von Demo\.$/);

    // She keeps hers: now Max, still in the field, is asked in turn.
    await ownerAlert.getByRole('button', { name: 'Meine behalten' }).click();
    await ownerAlert.waitFor({ state: 'detached' });
    const memberAlert = detail(pair.memberPage).getByRole('alert');
    await memberAlert
      .getByText(
        `${demoAccount.fullName} hat die Beschreibung geändert, während Sie sie bearbeitet haben.`,
      )
      .waitFor();
    await memberAlert.getByRole('button', { name: 'Gespeicherte übernehmen' }).click();
    await memberAlert.waitFor({ state: 'detached' });

    for (const page of [pair.ownerPage, pair.memberPage]) {
      const text = detail(page).getByTestId('card-description');
      await text.getByText(/Von Demo\./).waitFor();
      assert.doesNotMatch((await text.textContent()) ?? '', /Von Max/);
    }
  });
});

// Drafts in the card dialog, in real Chromium against the built apps and the real backend: a new
// subtask is written only on 'Speichern', so a second member never sees an empty row, and Escape
// in a field with typed text leaves the field, not the card.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useEnvironment, useOwnerAndMember } from './support/journey-setup.ts';
import { gone, openCard } from './support/page-helpers.ts';

const env = useEnvironment();

describe('a new subtask, seen by a second member', () => {
  const pair = useOwnerAndMember(env);
  const card = 'Kontaktformular reparieren';

  it('is not there while it is typed, nor after Abbrechen or Escape; Speichern adds it once', async () => {
    await openCard(pair.ownerPage, card);
    await openCard(pair.memberPage, card);
    const owner = pair.ownerPage.getByRole('dialog', { name: card });
    const member = pair.memberPage.getByRole('dialog', { name: card });
    await member.getByText('50 % erledigt').waitFor();

    await owner.getByRole('button', { name: '+ Unteraufgabe hinzufügen' }).click();
    const draft = owner.getByPlaceholder('Unteraufgabe beschreiben...');
    await draft.fill('Nie gespeichert');
    assert.equal(await owner.getByRole('button', { name: 'Speichern' }).isEnabled(), true);
    await owner.getByRole('button', { name: 'Abbrechen' }).click();
    await draft.waitFor({ state: 'detached' });
    assert.equal(
      await pair.ownerPage.evaluate(() => document.activeElement?.textContent),
      '+ Unteraufgabe hinzufügen',
    );

    await owner.getByRole('button', { name: '+ Unteraufgabe hinzufügen' }).click();
    await draft.fill('Auch nie gespeichert');
    await draft.press('Escape');
    await draft.waitFor({ state: 'detached' });
    assert.ok(await owner.isVisible(), 'Escape dropped the draft, not the card');

    // The saved one is the sentinel: an empty row written before it would have arrived first.
    await owner.getByRole('button', { name: '+ Unteraufgabe hinzufügen' }).click();
    await draft.fill('Fehlertext übersetzen');
    await draft.press('Enter');
    await member.getByRole('checkbox', { name: 'Fehlertext übersetzen' }).waitFor();
    assert.equal(await member.getByRole('checkbox').count(), 3);
    await member.getByText('33 % erledigt').waitFor();
    assert.equal(await member.getByText(/Nie gespeichert/).count(), 0);
    assert.equal(await member.getByText('„“').count(), 0);
    assert.equal(await owner.getByRole('checkbox').count(), 3);
  });

  it('keeps the card open and the comment typed when Escape is pressed in the comment box', async () => {
    const owner = pair.ownerPage.getByRole('dialog', { name: card });
    const comment = owner.getByRole('combobox', { name: 'Kommentar schreiben...' });
    await comment.fill('Bitte mit einem Screenshot');
    await comment.press('Escape');
    assert.ok(await owner.isVisible(), 'the first Escape leaves only the field');
    assert.equal(await comment.inputValue(), 'Bitte mit einem Screenshot');
    await pair.ownerPage.keyboard.press('Escape');
    await owner.waitFor({ state: 'hidden' });
    // Nothing was sent.
    await gone(pair.memberPage, 'Bitte mit einem Screenshot');
    await pair.memberPage.keyboard.press('Escape');
  });
});

// The activity history in real Chromium against the built apps and the real
// backend, with two members in browsers of their own: the owner moves a card by mouse, the
// member's open 'Aktivität' panel shows the sentence live, the card's detail shows its history,
// and a change made while the member has the card open appears there live as well.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useEnvironment, useOwnerAndMember } from './support/journey-setup.ts';
import { dragByMouse, shoot } from './support/page-helpers.ts';

const env = useEnvironment();

const CARD = 'Startseite neu gestalten';

describe('activity history, two members', () => {
  const pair = useOwnerAndMember(env);

  it("shows the owner's move live in the member's open 'Aktivität' panel", async () => {
    await pair.memberPage.getByRole('button', { name: 'Aktivität' }).click();
    const panel = pair.memberPage.getByRole('complementary', { name: 'Aktivität' });
    // The seed's own entries are there already (it created the board's cards).
    await panel
      .getByText(`Demo Nutzerin hat die Karte „${CARD}“ in „Zu erledigen“ erstellt`)
      .waitFor();

    const card = pair.ownerPage
      .getByTestId('board-columns')
      .getByRole('button', { name: /Startseite/ });
    await dragByMouse(
      pair.ownerPage,
      card,
      pair.ownerPage.getByRole('region', { name: 'In Arbeit' }),
    );
    await pair.ownerPage.getByRole('region', { name: 'In Arbeit' }).getByText(CARD).waitFor();

    const first = panel.getByRole('list', { name: 'Aktivität' }).getByRole('listitem').first();
    await first
      .getByText(
        `Demo Nutzerin hat die Karte „${CARD}“ von „Zu erledigen“ nach „In Arbeit“ verschoben · gerade eben`,
      )
      .waitFor();
    await shoot(pair.memberPage, 'activity-panel');
    await pair.memberPage.getByRole('button', { name: 'Aktivität schließen' }).click();
    await panel.waitFor({ state: 'hidden' });
  });

  it("shows the card's history in its detail, and a change made meanwhile live", async () => {
    await pair.memberPage
      .getByTestId('board-columns')
      .getByRole('button', { name: /Startseite/ })
      .click();
    const dialog = pair.memberPage.getByRole('dialog').first();
    const history = dialog.getByRole('list', { name: 'Verlauf' });
    await history
      .getByText(
        'Demo Nutzerin hat die Karte von „Zu erledigen“ nach „In Arbeit“ verschoben · gerade eben',
      )
      .waitFor();
    // Only this card's entries: another card's creation is not in its history.
    assert.equal(await history.getByText(/Kontaktformular/).count(), 0);

    await pair.ownerPage
      .getByTestId('board-columns')
      .getByRole('button', { name: /Startseite/ })
      .click();
    await pair.ownerPage.getByRole('dialog').first().getByLabel('Priorität').selectOption('urgent');
    await history
      .getByRole('listitem')
      .first()
      .getByText('Demo Nutzerin hat die Priorität der Karte von „Hoch“ auf „Dringend“ geändert')
      .waitFor();
    await shoot(pair.memberPage, 'activity-card-history');
    await pair.ownerPage.keyboard.press('Escape');
    await pair.memberPage.keyboard.press('Escape');
  });
});

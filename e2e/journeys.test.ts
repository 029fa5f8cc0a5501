// End-to-end journeys in real Chromium against the built apps, served as `npm start` serves
// them, on the real backend. Steps of one journey share a page and run in order.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page, WebSocketRoute } from 'playwright-core';
import { demoAccount } from '../shared/src/dev/demo-account.ts';
import { useEnvironment, useGermanPage, useOwnerAndMember } from './support/journey-setup.ts';
import {
  collectProblems,
  dragByMouse,
  gone,
  newGermanContext,
  see,
  shoot,
  signIn,
} from './support/page-helpers.ts';
import { sharedProviders } from './support/network.ts';

const env = useEnvironment();

describe('a new user', () => {
  let page: Page;
  let problems: string[];
  const user = {
    name: 'Erika Musterfrau',
    email: `erika.${Date.now()}@beispiel.de`,
    password: 'sicher-123',
  };

  useGermanPage(env, (opened) => {
    page = opened;
    problems = collectProblems(page);
  });

  it('sees the sign-in screen and the validation messages', async () => {
    await page.getByRole('heading', { name: 'Anmelden' }).waitFor();
    await shoot(page, '01-anmelden');
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await see(page, 'Bitte alle Felder ausfüllen');
    await page.getByRole('button', { name: /Jetzt registrieren/ }).click();
    await page.getByLabel('E-Mail').fill(user.email);
    await page.getByLabel('Passwort').fill(user.password);
    await page.getByRole('button', { name: 'Registrieren', exact: true }).click();
    await see(page, 'Bitte geben Sie Ihren Namen ein');
  });

  it('registers and sees the success message in sign-in mode', async () => {
    await page.getByLabel('Vollständiger Name').fill(user.name);
    await page.getByLabel('Passwort').press('Enter');
    await see(page, 'Registrierung erfolgreich! Bitte melden Sie sich an.');
    await page.getByRole('heading', { name: 'Anmelden' }).waitFor();
    assert.equal(await page.getByLabel('Vollständiger Name').count(), 0);
  });

  it('says in German that the password is wrong (by error code)', async () => {
    await page.getByLabel('Passwort').fill('falsch-falsch');
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await see(page, 'E-Mail oder Passwort ist falsch.');
  });

  it('signs in and is welcomed without boards', async () => {
    await signIn(page, user.email, user.password);
    await see(page, 'Willkommen bei TaskFlow!');
    await see(page, user.email);
    assert.equal(await page.getByRole('combobox', { name: 'Board auswählen' }).count(), 0);
    await shoot(page, '02-willkommen');
  });

  it('creates the first board, which is selected at once', async () => {
    await page.getByRole('button', { name: 'Erstes Board erstellen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neues Board erstellen' });
    await dialog.waitFor();
    const create = dialog.getByRole('button', { name: 'Erstellen' });
    assert.equal(await create.isDisabled(), true);
    await dialog.getByLabel('Name des Boards').fill('   ');
    assert.equal(await create.isDisabled(), true);
    await dialog.getByLabel('Name des Boards').fill('Sommerfest');
    await dialog.getByLabel('Name des Boards').press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'Sommerfest' }).waitFor();
    await see(page, 'Team (1)');
    await page.getByRole('button', { name: 'Board löschen' }).waitFor();
    const selector = page.getByRole('combobox', { name: 'Board auswählen' });
    assert.equal(await selector.locator('option:checked').textContent(), 'Sommerfest');
  });

  it('adds lists and cards, and the new card opens in detail', async () => {
    for (const title of ['Planung', 'Erledigt']) {
      await page.getByRole('button', { name: '+ Liste hinzufügen' }).click();
      await page.getByPlaceholder('Titel der Liste').fill(title);
      await page.getByPlaceholder('Titel der Liste').press('Enter');
      await page.getByRole('region', { name: title }).waitFor();
      await page.getByPlaceholder('Titel der Liste').press('Escape');
    }
    const planning = page.getByRole('region', { name: 'Planung' });
    await planning.getByRole('button', { name: '+ Karte hinzufügen' }).click();
    await planning.getByPlaceholder('Titel der Karte').fill('Getränke bestellen');
    await planning.getByPlaceholder('Titel der Karte').press('Enter');
    const detail = page.getByRole('dialog', { name: 'Getränke bestellen' });
    await detail.waitFor();
    assert.equal(await detail.getByLabel('Titel').inputValue(), 'Getränke bestellen');
    await detail.getByLabel('Priorität').selectOption('high');
    await detail.getByLabel('Fälligkeitsdatum').fill('24.12.2026');
    await detail.getByLabel('Fälligkeitsdatum').press('Enter');
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });
    const tile = planning.getByRole('button', { name: /Getränke bestellen/ });
    assert.match((await tile.textContent()) ?? '', /Hoch.*24\.12\.2026/);
    await planning.getByRole('button', { name: '+ Karte hinzufügen' }).click();
    await planning.getByPlaceholder('Titel der Karte').fill('Musik organisieren');
    await planning.getByPlaceholder('Titel der Karte').press('Enter');
    await page.getByRole('dialog', { name: 'Musik organisieren' }).waitFor();
    await page.keyboard.press('Escape');
    await see(page, 'Musik organisieren');
  });

  it('creates a second board and switches between the two', async () => {
    await page.getByRole('button', { name: 'Neues Board' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neues Board erstellen' });
    await dialog.getByLabel('Name des Boards').fill('Umzug');
    await dialog.getByRole('button', { name: 'Erstellen' }).click();
    await page.getByRole('heading', { name: 'Umzug' }).waitFor();
    await gone(page, 'Getränke bestellen');
    const selector = page.getByRole('combobox', { name: 'Board auswählen' });
    await selector.selectOption({ label: 'Sommerfest' });
    await page.getByRole('heading', { name: 'Sommerfest' }).waitFor();
    await see(page, 'Getränke bestellen');
  });

  it('finds the board it chose again after a reload', async () => {
    // The newest board comes first in the selector; the chosen older one must stay selected.
    await page.reload();
    await page.getByRole('heading', { name: 'Sommerfest' }).waitFor();
    await see(page, 'Getränke bestellen');
    const selector = page.getByRole('combobox', { name: 'Board auswählen' });
    assert.equal(await selector.locator('option:checked').textContent(), 'Sommerfest');
  });

  it('narrows the cards with search and filters', async () => {
    const search = page.getByPlaceholder('Aufgaben durchsuchen...');
    await search.fill('GETRÄNKE');
    await gone(page, 'Musik organisieren');
    await see(page, 'Getränke bestellen');
    await search.fill('');
    await see(page, 'Musik organisieren');

    await page.getByRole('button', { name: 'Filter' }).click();
    const people = page.getByRole('combobox', { name: 'Person' });
    const priority = page.getByRole('combobox', { name: 'Priorität' });
    assert.equal(await people.locator('option:checked').textContent(), 'Alle Personen');
    assert.equal(await priority.locator('option:checked').textContent(), 'Alle Prioritäten');
    await priority.selectOption({ label: 'Hoch' });
    await gone(page, 'Musik organisieren');
    await see(page, 'Getränke bestellen');
    await shoot(page, '05-filter');
    await page.getByRole('button', { name: 'Filter zurücksetzen' }).click();
    await see(page, 'Musik organisieren');
    assert.equal(await priority.locator('option:checked').textContent(), 'Alle Prioritäten');
  });

  it('deletes a board into the archive, undone from the toast, destroyed there by its name', async () => {
    const selector = page.getByRole('combobox', { name: 'Board auswählen' });
    await selector.selectOption({ label: 'Umzug' });
    await page.getByRole('heading', { name: 'Umzug' }).waitFor();
    await page.getByRole('button', { name: 'Board löschen' }).click();
    await page.getByRole('heading', { name: 'Sommerfest' }).waitFor();
    assert.deepEqual(await selector.locator('option').allTextContents(), ['Sommerfest']);
    const toast = page.getByRole('status').filter({ hasText: 'Board „Umzug“ gelöscht.' });
    await toast.getByRole('button', { name: 'Rückgängig' }).click();
    await page.getByRole('heading', { name: 'Umzug' }).waitFor();

    await page.getByRole('button', { name: 'Board löschen' }).click();
    await page.getByRole('heading', { name: 'Sommerfest' }).waitFor();
    await page.getByRole('button', { name: 'Archiv', exact: true }).click();
    const archive = page.getByRole('dialog', { name: 'Archiv' });
    await archive.getByRole('button', { name: 'Endgültig löschen: Board „Umzug“' }).click();
    const confirm = page.getByRole('dialog', { name: 'Board „Umzug“ endgültig löschen' });
    await confirm.getByRole('textbox').fill('Umzug');
    await confirm.getByRole('button', { name: 'Endgültig löschen' }).click();
    await see(page, 'Board „Umzug“ gelöscht.');
    await archive.getByRole('button', { name: 'Fertig' }).click();
    assert.deepEqual(await selector.locator('option').allTextContents(), ['Sommerfest']);
  });

  it('keeps the session on reload', async () => {
    await page.reload();
    await page.getByRole('button', { name: 'Abmelden' }).waitFor();
    await see(page, user.email);
    await page.getByRole('heading', { name: 'Sommerfest' }).waitFor();
    await see(page, 'Getränke bestellen');
  });

  it('signs out, and stays signed out on reload', async () => {
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await page.getByRole('heading', { name: 'Anmelden' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Anmelden' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Abmelden' }).count(), 0);
  });

  it('saw no errors in the console', () => {
    assert.deepEqual(problems, []);
  });
});

describe('the demo board', () => {
  let page: Page;
  let problems: string[];
  const remoteRequests: string[] = [];

  useGermanPage(env, (opened) => {
    page = opened;
    problems = collectProblems(page);
    const remoteOrigins = Object.values(env.apps.remoteEntries).map((u) => new URL(u).origin);
    page.on('request', (request) => {
      if (remoteOrigins.includes(new URL(request.url()).origin)) remoteRequests.push(request.url());
    });
  });
  before(() => signIn(page, demoAccount.email, demoAccount.password));

  it('shows the lists and cards from the board remote', async () => {
    await page.getByRole('heading', { name: 'Website-Relaunch' }).waitFor();
    await see(page, 'Kontaktformular reparieren');
    await see(page, 'Team (2)');
    await shoot(page, '03-board');
  });

  it('opens a card in the card remote; an edit there shows on the board at once', async () => {
    await page.getByRole('button', { name: /Kontaktformular reparieren/ }).click();
    const detail = page.getByRole('dialog', { name: 'Kontaktformular reparieren' });
    await detail.waitFor();
    await see(page, '50 % erledigt');
    await shoot(page, '04-karte');
    await detail.getByLabel('Priorität').selectOption('low');
    await detail.getByRole('button', { name: 'Schließen' }).first().click();
    await detail.waitFor({ state: 'hidden' });
    const tile = page.getByRole('button', { name: /Kontaktformular reparieren/ });
    assert.match((await tile.textContent()) ?? '', /Niedrig/);
  });

  it('shows the team in the team remote', async () => {
    await page.getByRole('button', { name: 'Team (2)' }).click();
    const team = page.getByRole('dialog', { name: 'Team-Verwaltung' });
    await team.waitFor();
    await team.getByText('Max Mustermann').waitFor();
    await team.getByText('Du', { exact: true }).waitFor();
    await team.getByText('Owner', { exact: true }).waitFor();
    await team.getByRole('button', { name: 'Einladen' }).waitFor();
    await shoot(page, '06-team');
    await page.keyboard.press('Escape');
    await team.waitFor({ state: 'hidden' });
  });

  it('loads exactly one React and shared library', async () => {
    // Each remote ships fallback copies of the shared libraries ("prebuild" chunks) for
    // standalone use; in the shell none of them may be fetched.
    assert.ok(remoteRequests.some((url) => url.endsWith('/remoteEntry.js')));
    assert.deepEqual(
      remoteRequests.filter((url) => /prebuild|react-dom|rxjs|supabase/.test(url)),
      [],
    );
    const providers = await sharedProviders(page);
    // RxJS and supabase-js travel inside @taskflow/shared (one copy: e2e/delivery.test.ts).
    for (const name of ['react', 'react-dom', '@taskflow/shared']) {
      const versions = Object.keys(providers).filter((key) => key.startsWith(`${name}@`));
      assert.equal(versions.length, 1, `${name}: ${versions.join(', ')}`);
      assert.deepEqual(providers[versions[0] as string], ['shell'], name);
    }
  });

  it('saw no errors in the console', () => {
    assert.deepEqual(problems, []);
  });
});

describe('a remote that cannot be loaded', () => {
  let page: Page;

  useGermanPage(env, async (opened) => {
    page = opened;
    // The deployment points the board remote at a server that is down.
    await page.route('**/runtime-config.json', async (route) => {
      const response = await route.fetch();
      const config = (await response.json()) as { remotes: Record<string, string> };
      config.remotes.board_remote = 'http://127.0.0.1:9/remoteEntry.js';
      await route.fulfill({ response, json: config });
    });
  });
  before(() => signIn(page, demoAccount.email, demoAccount.password));

  it('shows the German fallback with a retry in its place', async () => {
    await see(page, 'Dieser Bereich konnte nicht geladen werden.');
    await page.getByRole('button', { name: 'Erneut laden' }).waitFor();
    await page.getByRole('heading', { name: 'Website-Relaunch' }).waitFor();
    await shoot(page, '07-remote-ausfall');
  });

  it('leaves the rest of the app working', async () => {
    await page.getByRole('button', { name: 'Team (2)' }).click();
    await page.getByRole('dialog', { name: 'Team-Verwaltung' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByPlaceholder('Aufgaben durchsuchen...').fill('etwas');
    await page.getByRole('button', { name: 'Neues Board' }).click();
    await page.getByRole('dialog', { name: 'Neues Board erstellen' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Neues Board erstellen' }).waitFor({ state: 'hidden' });
  });
});

describe('two members on one board', () => {
  const pair = useOwnerAndMember(env);

  it("see each other's new cards without reloading", async () => {
    const list = pair.memberPage.getByRole('region', { name: 'Zu erledigen' });
    await list.getByRole('button', { name: '+ Karte hinzufügen' }).click();
    await list.getByPlaceholder('Titel der Karte').fill('Impressum aktualisieren');
    await list.getByPlaceholder('Titel der Karte').press('Enter');
    await pair.memberPage.getByRole('dialog').waitFor();
    await pair.memberPage.keyboard.press('Escape');
    await pair.ownerPage
      .getByRole('region', { name: 'Zu erledigen' })
      .getByText('Impressum aktualisieren')
      .waitFor();
  });

  it('see a moved card in its new list and a deleted one disappear', async () => {
    const card = pair.ownerPage.getByRole('button', { name: /Impressum aktualisieren/ });
    const target = pair.ownerPage.getByRole('region', { name: 'Erledigt' });
    await dragByMouse(pair.ownerPage, card, target);
    await target.getByText('Impressum aktualisieren').waitFor();
    await pair.memberPage
      .getByRole('region', { name: 'Erledigt' })
      .getByText('Impressum aktualisieren')
      .waitFor();
    await pair.memberPage.getByRole('button', { name: /Impressum aktualisieren/ }).click();
    await pair.memberPage.getByRole('button', { name: 'Aufgabe löschen' }).click();
    // Scoped to the columns: dnd-kit's screen-reader announcement still names the card.
    await pair.memberPage
      .getByTestId('board-columns')
      .getByText('Impressum aktualisieren')
      .waitFor({ state: 'hidden' });
    await pair.ownerPage
      .getByTestId('board-columns')
      .getByText('Impressum aktualisieren')
      .waitFor({ state: 'hidden' });
  });

  it('shows the member no owner actions', async () => {
    assert.equal(await pair.memberPage.getByRole('button', { name: 'Board löschen' }).count(), 0);
    await pair.memberPage.getByRole('button', { name: 'Team (2)' }).click();
    const team = pair.memberPage.getByRole('dialog', { name: 'Team-Verwaltung' });
    await team.getByText('Demo Nutzerin').waitFor();
    assert.equal(await team.getByRole('button', { name: 'Einladen' }).count(), 0);
    assert.equal(await team.getByRole('button', { name: 'Entfernen' }).count(), 0);
    await pair.memberPage.keyboard.press('Escape');
  });
});

describe('a member whose connection drops', () => {
  /** The member's realtime sockets; while cut off, every reconnect attempt is closed at once. */
  const sockets: WebSocketRoute[] = [];
  let cutOff = false;
  let refusedAttempts = 0;

  const pair = useOwnerAndMember(env, (member) =>
    member.routeWebSocket(/\/realtime\/v1\/websocket/, (socket) => {
      if (cutOff) {
        refusedAttempts += 1;
        void socket.close();
        return;
      }
      sockets.push(socket, socket.connectToServer());
    }),
  );

  const addCard = async (page: Page, title: string) => {
    const list = page.getByRole('region', { name: 'Zu erledigen' });
    await list.getByRole('button', { name: '+ Karte hinzufügen' }).click();
    await list.getByPlaceholder('Titel der Karte').fill(title);
    await list.getByPlaceholder('Titel der Karte').press('Enter');
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
  };

  it('sees what changed while it was away once the socket is back', async () => {
    // Live first, so the member's channel is known to be joined.
    await addCard(pair.ownerPage, 'Vor der Funkstille');
    await see(pair.memberPage, 'Vor der Funkstille');
    cutOff = true;
    for (const socket of sockets.splice(0)) await socket.close();
    await addCard(pair.ownerPage, 'Während der Funkstille');
    await see(pair.ownerPage, 'Während der Funkstille');
    // One more refused reconnect after that, so the change is surely committed meanwhile.
    const refusedBefore = refusedAttempts;
    while (refusedAttempts === refusedBefore) await pair.memberPage.waitForTimeout(100);
    // Nothing reaches the member now; when its socket reconnects, the board is loaded again.
    cutOff = false;
    await pair.memberPage
      .getByRole('region', { name: 'Zu erledigen' })
      .getByText('Während der Funkstille')
      .waitFor();
    // And the channel is live again afterwards.
    await addCard(pair.ownerPage, 'Nach der Funkstille');
    await see(pair.memberPage, 'Nach der Funkstille');
  });
});

describe('on a phone', () => {
  it('fits the board into a narrow screen', async () => {
    const context = await newGermanContext(env.browser, { width: 390, height: 844 });
    const page = await context.newPage();
    await page.goto(env.shellUrl);
    await signIn(page, demoAccount.email, demoAccount.password);
    await see(page, 'Startseite neu gestalten');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.equal(overflow, 0, 'the page itself must not scroll sideways');
    await shoot(page, '08-mobil');
    await context.close();
  });
});

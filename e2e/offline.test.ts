// Edits that survive (docs/frontend.md "Offline"): what a member does while the backend is
// away is kept on the device, survives a reload, and reaches the database and the other member
// once the backend is back; closing the tab meanwhile asks first; two tabs of one user send a
// waiting edit once; and an edit made offline that meets a newer change by someone else asks
// which value stays. Started without a network, the app comes from the service worker with the
// board the device kept, and an edit made then reaches the database once the backend is back.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import type { BrowserContext, Page } from 'playwright-core';
import type { Database } from '../shared/src/kernel/backend/database.types.ts';
import { demoAccount } from '../shared/src/dev/demo-account.ts';
import { teammate } from '../scripts/lib/seed-demo.ts';
import { startBackendProcess, type BackendProcess } from './support/backend-process.ts';
import { startEnvironment, type E2eEnvironment } from './support/environment.ts';
import { newGermanContext, see, signIn } from './support/page-helpers.ts';

const banner =
  'Verbindung unterbrochen – Änderungen werden gesendet, sobald die Verbindung wieder steht.';
const listName = 'Zu erledigen';

let env: E2eEnvironment;
let backend: BackendProcess;
const contexts: BrowserContext[] = [];
let ownerPage: Page;
let memberPage: Page;
/** The beforeunload questions the owner's page asked. */
const asked: string[] = [];

const openAs = async (email: string, password: string, context?: BrowserContext) => {
  const own = context ?? (await newGermanContext(env.browser));
  if (!context) contexts.push(own);
  const page = await own.newPage();
  // A reload with unsent edits asks first; the journey answers yes.
  page.on('dialog', (dialog) => {
    if (dialog.type() === 'beforeunload') asked.push(dialog.type());
    void dialog.accept();
  });
  await page.goto(env.shellUrl);
  if (!context) await signIn(page, email, password);
  await see(page, 'Startseite neu gestalten');
  return page;
};

const column = (page: Page) =>
  page.getByTestId('board-columns').getByRole('region', { name: listName });

const addCard = async (page: Page, title: string) => {
  await column(page).getByRole('button', { name: '+ Karte hinzufügen' }).click();
  await column(page).getByPlaceholder('Titel der Karte').fill(title);
  await column(page).getByPlaceholder('Titel der Karte').press('Enter');
  await page.getByRole('dialog').waitFor();
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
};

const setPriority = async (page: Page, card: string, priority: string) => {
  await page.getByTestId('board-columns').getByText(card, { exact: true }).click();
  await page.getByRole('dialog').getByLabel('Priorität').selectOption(priority);
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
};

let signedIn: SupabaseClient<Database> | null = null;

/** The owner's own client, signed in once: a poll signing in each time meets the rate limit. */
const database = async () => {
  if (signedIn) return signedIn;
  const client = createClient<Database>(backend.url, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  const { error } = await client.auth.signInWithPassword(demoAccount);
  assert.ifError(error);
  signedIn = client;
  return client;
};

const cardsTitled = async (title: string) => {
  const { data, error } = await (
    await database()
  )
    .from('cards')
    .select('id, title, priority')
    .eq('title', title);
  assert.ifError(error);
  return data;
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

describe('edits made while the backend is away', () => {
  const added = 'Offline angelegt';
  const edited = 'Kontaktformular reparieren';

  it('survive a reload and reach the database and the other member once it is back', async () => {
    await backend.kill();
    await see(ownerPage, banner);
    await addCard(ownerPage, added);
    await setPriority(ownerPage, edited, 'low');
    await ownerPage.reload();
    assert.deepEqual(asked, ['beforeunload'], 'the reload asked first');
    await see(ownerPage, banner);
    await backend.restart();
    const restarted = Date.now();
    await column(memberPage).getByText(added, { exact: true }).waitFor();
    console.log(
      `# the offline edits reached the other member ${Date.now() - restarted} ms after the restart`,
    );
    const [card] = await cardsTitled(added);
    assert.ok(card, 'the card added offline is stored');
    assert.equal((await cardsTitled(added)).length, 1);
    await assert.doesNotReject(async () => {
      for (let i = 0; i < 50; i += 1) {
        if ((await cardsTitled(edited))[0]?.priority === 'low') return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error('the priority set offline did not arrive');
    });
    await column(ownerPage).getByText(added, { exact: true }).waitFor();
  });

  it('are sent once when two tabs of the user open after a reload', async () => {
    const second = await openAs('', '', ownerPage.context());
    // What the server answered to inserts of cards: attempts that got no answer (the backend
    // away) do not count, a second send of the same card would answer 409 (its id exists).
    const answered: number[] = [];
    for (const page of [ownerPage, second]) {
      page.on('response', (response) => {
        const request = response.request();
        if (request.method() === 'POST' && request.url().includes('/rest/v1/cards')) {
          answered.push(response.status());
        }
      });
    }
    const title = 'Zwei Tabs, einmal gesendet';
    await backend.kill();
    await see(ownerPage, banner);
    await addCard(ownerPage, title);
    // The tab that made it goes; both tabs of the user come back while the backend is away.
    await ownerPage.reload();
    await second.reload();
    await backend.restart();
    await column(memberPage).getByText(title, { exact: true }).waitFor();
    await column(second).getByText(title, { exact: true }).waitFor();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    assert.deepEqual(answered, [201], 'one tab sent the card, once');
    assert.equal((await cardsTitled(title)).length, 1);
    await second.close();
  });
});

describe('an edit made offline that meets a newer change', () => {
  const card = 'Texte für die Produktseiten';

  it('asks which value stays, and keeps the one chosen', async () => {
    // The card's code loads while online: the tab was reloaded above, and without the service
    // worker (not registered yet, docs/frontend.md) a remote's entry cannot load offline.
    await ownerPage.getByTestId('board-columns').getByText(card, { exact: true }).click();
    await ownerPage.getByRole('dialog').getByLabel('Priorität').waitFor();
    await ownerPage.keyboard.press('Escape');
    await ownerPage.getByRole('dialog').waitFor({ state: 'hidden' });
    await ownerPage.context().setOffline(true);
    await setPriority(ownerPage, card, 'low');
    await setPriority(memberPage, card, 'urgent');
    await ownerPage.context().setOffline(false);
    const dialog = ownerPage.getByRole('dialog', { name: 'Gleichzeitig geändert' });
    await dialog.waitFor();
    await dialog.getByText('Niedrig').waitFor();
    await dialog.getByText('Dringend').waitFor();
    await dialog.getByRole('button', { name: 'Änderung von Max Mustermann' }).waitFor();
    await dialog.getByRole('button', { name: 'Ihre Änderung' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await assert.doesNotReject(async () => {
      for (let i = 0; i < 50; i += 1) {
        if ((await cardsTitled(card))[0]?.priority === 'low') return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error('the chosen value was not stored');
    });
  });
});

describe('a start without a network', () => {
  const title = 'Ohne Netz gestartet';

  it('paints the kept board from the service worker, queues an edit, and sends it once the backend is back', async () => {
    await ownerPage.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // A visit under the worker's control: it keeps every file the app loads (the first visit's
    // earliest ones, such as the board's prefetched code, were loaded before it was there).
    await ownerPage.reload();
    await see(ownerPage, 'Startseite neu gestalten');
    await ownerPage.waitForLoadState('networkidle');
    await backend.kill();
    // The app's own servers are out of reach too: only the service worker can answer.
    await ownerPage.context().setOffline(true);
    const started = await ownerPage.reload();
    assert.ok(started?.fromServiceWorker(), 'the page came from the service worker');
    await see(ownerPage, 'Startseite neu gestalten');
    await see(ownerPage, banner);
    await addCard(ownerPage, title);
    // A reload in between: the edit waits on the device, over the kept board.
    await ownerPage.reload();
    await column(ownerPage).getByText(title, { exact: true }).waitFor();
    await see(ownerPage, banner);
    // When the server stored the card: its answer to the page's insert.
    const stored = new Promise<number>((resolve) => {
      ownerPage.on('response', (response) => {
        const request = response.request();
        if (request.method() === 'POST' && request.url().includes('/rest/v1/cards')) {
          resolve(Date.now());
        }
      });
    });
    await ownerPage.context().setOffline(false);
    await backend.restart();
    const back = Date.now();
    await assert.doesNotReject(async () => {
      for (let i = 0; i < 100; i += 1) {
        if ((await cardsTitled(title).catch(() => [])).length === 1) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error('the card added offline did not arrive');
    });
    console.log(`# the card made offline was stored ${(await stored) - back} ms after the restart`);
    await column(memberPage).getByText(title, { exact: true }).waitFor();
    await ownerPage.getByText(banner).waitFor({ state: 'hidden' });
  });
});

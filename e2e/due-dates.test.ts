// A due date typed in a browser whose language is English: the field still takes dd.mm.yyyy,
// typing '24.12.2026' key by key writes the card once, the tile shows the date, and the card's
// history holds one sentence about it (a native date input wrote each keystroke's year).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { demoAccount } from '../shared/src/dev/demo-account.ts';
import { useEnvironment } from './support/journey-setup.ts';
import { boardColumns, collectProblems, openCard, see, signIn } from './support/page-helpers.ts';

const env = useEnvironment();

const CARD = 'Texte für die Produktseiten';

describe('due dates in an English browser', () => {
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  const dueDateWrites: string[] = [];

  before(async () => {
    context = await env.browser.newContext({
      locale: 'en-US',
      viewport: { width: 1280, height: 800 },
    });
    page = await context.newPage();
    problems = collectProblems(page);
    page.on('request', (request) => {
      const body = request.postData() ?? '';
      if (request.method() === 'PATCH' && /\/rest\/v1\/cards\b/.test(request.url()))
        if (body.includes('due_date')) dueDateWrites.push(body);
    });
    await page.goto(env.shellUrl);
    await signIn(page, demoAccount.email, demoAccount.password);
    await see(page, CARD);
  });

  after(async () => {
    await context?.close();
  });

  it('takes 24.12.2026 key by key, writes it once and tells the history once', async () => {
    assert.equal(await page.evaluate(() => navigator.language), 'en-US');
    await openCard(page, CARD);
    const detail = page.getByRole('dialog').first();
    const history = detail.getByRole('list', { name: 'Verlauf' });
    const dueDateEntries = history.getByRole('listitem').filter({ hasText: /Fälligkeitsdatum/ });
    const before = await dueDateEntries.count();

    const field = detail.getByRole('textbox', { name: 'Fälligkeitsdatum' });
    assert.equal(await field.getAttribute('placeholder'), 'TT.MM.JJJJ');
    await field.clear();
    await field.pressSequentially('24.12.2026', { delay: 30 });
    assert.deepEqual(dueDateWrites, []);
    await field.press('Enter');
    assert.equal(await field.inputValue(), '24.12.2026');

    await dueDateEntries
      .filter({ hasText: 'das Fälligkeitsdatum der Karte auf den 24.12.2026 gesetzt' })
      .waitFor();
    assert.equal(await dueDateEntries.count(), before + 1);
    assert.equal(dueDateWrites.length, 1);
    assert.match(dueDateWrites[0]!, /"due_date":"2026-12-24"/);

    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });
    const tile = boardColumns(page).getByRole('button', { name: new RegExp(CARD) });
    assert.match((await tile.textContent()) ?? '', /24\.12\.2026/);
    assert.deepEqual(problems, []);
  });

  it('refuses a US date with the German message and writes nothing', async () => {
    await openCard(page, CARD);
    const detail = page.getByRole('dialog').first();
    const field = detail.getByRole('textbox', { name: 'Fälligkeitsdatum' });
    await field.clear();
    await field.pressSequentially('12/24/2026');
    await field.press('Tab');
    await detail
      .getByRole('alert')
      .getByText('Bitte ein Datum im Format TT.MM.JJJJ eingeben.')
      .waitFor();
    assert.equal(await field.getAttribute('aria-invalid'), 'true');
    assert.equal(dueDateWrites.length, 1);
    await field.focus();
    await field.press('Escape');
    assert.equal(await field.inputValue(), '24.12.2026');
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });
  });
});

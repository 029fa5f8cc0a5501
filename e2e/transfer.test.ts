// Export and import in real Chromium against the built apps and the real backend: a board exported as
// JSON and imported again looks the same on screen; the README's example Trello export gives
// the summary the README describes; a CSV export opens in German Excel (BOM, headers).
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Download, Page } from 'playwright-core';
import { demoAccount } from '../shared/src/dev/demo-account.ts';
import { useEnvironment } from './support/journey-setup.ts';
import { collectProblems, newGermanContext, see, shoot, signIn } from './support/page-helpers.ts';

const env = useEnvironment();
const trelloExample = fileURLToPath(
  new URL('../docs/examples/trello-export.json', import.meta.url),
);

const columns = (page: Page) => page.getByTestId('board-columns');

/** What a user sees of a board: list titles, card tiles with their labels, counts and badges. */
const boardText = async (page: Page) =>
  (await columns(page).innerText()).replace(/\s+/g, ' ').trim();

/**
 * What a user sees of one card: its detail dialog (description, labels, subtasks, comments),
 * without its history: an import is one entry of the new board's history, not a replay of the
 * old board's (supabase/migrations/20261124001200_import_activity.sql).
 */
const cardText = async (page: Page, title: string) => {
  await columns(page)
    .getByRole('button', { name: new RegExp(title) })
    .first()
    .click();
  const dialog = page.getByRole('dialog').first();
  await dialog.getByText('Kommentare').first().waitFor();
  // Both texts in one synchronous read: the history loads on its own and may change between
  // two separate reads ('Lade Aktivität...' in one, the entries in the other).
  const text = (
    await dialog.evaluate((node: HTMLElement) => {
      const heading = [...node.querySelectorAll('h1, h2, h3, h4')].find(
        (h) => h.textContent?.trim() === 'Verlauf',
      );
      const history = heading?.closest('section');
      return history ? node.innerText.replace(history.innerText, '') : node.innerText;
    })
  )
    .replace(/\s+/g, ' ')
    .trim();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  return text;
};

const exportAs = async (page: Page, button: string): Promise<Download> => {
  await page.getByRole('button', { name: 'Exportieren', exact: true }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  return download;
};

const importFile = async (page: Page, file: string) => {
  await page.getByRole('button', { name: 'Neues Board' }).click();
  const dialog = page.getByRole('dialog', { name: 'Neues Board erstellen' });
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    dialog.getByRole('button', { name: 'Aus Datei importieren' }).click(),
  ]);
  await chooser.setFiles(file);
  const summary = page.getByRole('dialog', { name: 'Import abgeschlossen' });
  await summary.waitFor();
  return summary;
};

/** The summary's rows as label → count. */
const summaryCounts = async (summary: ReturnType<Page['getByRole']>) => {
  const rows = await summary.getByTestId('import-summary').locator('dt').allInnerTexts();
  const counts = await summary.getByTestId('import-summary').locator('dd').allInnerTexts();
  return Object.fromEntries(rows.map((row, i) => [row, Number(counts[i])]));
};

describe('export and import', () => {
  let context: BrowserContext;
  let page: Page;
  let problems: string[];

  before(async () => {
    context = await newGermanContext(env.browser);
    page = await context.newPage();
    problems = collectProblems(page);
    await page.goto(env.shellUrl);
    await signIn(page, demoAccount.email, demoAccount.password);
    await see(page, 'Startseite neu gestalten');
  });
  after(() => context.close());

  it('exports the board as JSON and imports it into an identical board', async () => {
    const originalBoard = await boardText(page);
    const originalCards = [
      await cardText(page, 'Startseite neu gestalten'),
      await cardText(page, 'Kontaktformular reparieren'),
    ];

    const download = await exportAs(page, 'Als JSON herunterladen');
    assert.equal(download.suggestedFilename(), 'Website-Relaunch.json');
    const file = await download.path();
    const doc = JSON.parse(await readFile(file, 'utf8')) as { format: string; version: number };
    assert.equal(doc.format, 'taskflow-board');
    assert.equal(doc.version, 1);

    const summary = await importFile(page, file);
    const counts = await summaryCounts(summary);
    assert.equal(counts['Übersprungene archivierte Karten'], 0);
    assert.equal(counts['Nicht zugeordnete Personen'], 0);
    await summary.getByRole('button', { name: 'Zum Board' }).click();

    // The new board is selected: a second 'Website-Relaunch' in the board selector.
    const selector = page.getByRole('combobox', { name: 'Board auswählen' });
    assert.equal(await selector.locator('option', { hasText: 'Website-Relaunch' }).count(), 2);
    await see(page, 'Startseite neu gestalten');
    assert.equal(await boardText(page), originalBoard);
    const copies = [
      await cardText(page, 'Startseite neu gestalten'),
      await cardText(page, 'Kontaktformular reparieren'),
    ];
    // Each comment is the importer's now, posted at the import, with its author and time as the
    // file gave them beside it: the same card once that line stands in for the post's time.
    for (const copy of copies) assert.match(copy, /Importiert – ursprünglich von Demo Nutzerin am/);
    assert.deepEqual(
      copies.map((copy) =>
        copy.replace(
          /· [\d.]+, [\d:]+ Importiert – ursprünglich von .+? am ([\d.]+, [\d:]+) /g,
          '· $1 ',
        ),
      ),
      // Watching is the reader's own, not the board's: the importer watches the cards they
      // commented on, and an import makes no one a watcher (issue 23).
      originalCards.map((card) => card.replace(' Sie beobachten diese Karte.', '')),
    );
    await shoot(page, 'transfer-imported-board');
  });

  it('exports a CSV that German Excel opens: BOM, semicolons, German headers', async () => {
    const download = await exportAs(page, 'Als CSV herunterladen');
    assert.equal(download.suggestedFilename(), 'Website-Relaunch.csv');
    const bytes = await readFile(await download.path());
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
    const [header, firstRow] = bytes.toString('utf8').slice(1).split('\r\n');
    assert.equal(
      header,
      'Liste;Titel;Beschreibung;Priorität;Fällig am;Labels;Zugewiesen an;Unteraufgaben erledigt/gesamt;Kommentare',
    );
    assert.match(firstRow ?? '', /^[^;]+;[^;]+;/);
  });

  it('imports the example Trello export with the summary the README describes', async () => {
    const summary = await importFile(page, trelloExample);
    await shoot(page, 'transfer-trello-summary');
    assert.deepEqual(await summaryCounts(summary), {
      Listen: 3,
      Karten: 6,
      'Übersprungene archivierte Listen': 1,
      'Übersprungene archivierte Karten': 4,
      'Als Mitglieder hinzugefügt': 1,
      'Nicht zugeordnete Personen': 2,
    });
    await summary.getByRole('button', { name: 'Zum Board' }).click();
    await see(page, 'Umzugskartons besorgen');
    const text = await boardText(page);
    assert.ok(
      text.indexOf('Zu erledigen') < text.indexOf('In Arbeit') &&
        text.indexOf('In Arbeit') < text.indexOf('Erledigt ✅'),
      text,
    );
    assert.ok(!text.includes('Alte Wohnung'), 'the archived list is left out');
    assert.ok(!text.includes('Möbel verkaufen'), 'the archived card is left out');
    const card = await cardText(page, 'Umzugskartons besorgen');
    for (const expected of [
      'Kartons (40 Stück)',
      'Klebeband',
      // Written in the importer's name, with the author and time from the file beside them.
      'Importiert – ursprünglich von Lena Vogel am',
      'Nachbarin hat noch welche im Keller 📦',
      'Importiert – ursprünglich von Jonas Becker am',
      'Ich kann 20 Kartons vom Baumarkt mitbringen.',
    ])
      assert.ok(card.includes(expected), `${expected} in ${card}`);
    assert.ok(!card.includes('Lena Vogel: '), 'the name is not written into the text');
    assert.ok(
      card.indexOf('von Lena Vogel') < card.indexOf('von Jonas Becker'),
      'comments in order',
    );
  });

  it('refuses a truncated file with a German message and creates nothing', async () => {
    const before = await page
      .getByRole('combobox', { name: 'Board auswählen' })
      .locator('option')
      .count();
    const text = await readFile(trelloExample, 'utf8');
    await page.getByRole('button', { name: 'Neues Board' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neues Board erstellen' });
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      dialog.getByRole('button', { name: 'Aus Datei importieren' }).click(),
    ]);
    await chooser.setFiles({
      name: 'kaputt.json',
      mimeType: 'application/json',
      buffer: Buffer.from(text.slice(0, 2000)),
    });
    await dialog.getByRole('alert').getByText('kein gültiges JSON').waitFor();
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    assert.equal(
      await page.getByRole('combobox', { name: 'Board auswählen' }).locator('option').count(),
      before,
    );
    assert.deepEqual(problems, []);
  });
});

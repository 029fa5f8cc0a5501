// Attachments in real Chromium against the built apps and the real backend (Storage included):
// a file attached by the picker and an image by paste, the image as the cover on the tile of
// the other member live, preview of the image and the PDF, download (the same bytes), rename,
// delete and 'Rückgängig', the size limit's message, and an export "with files" (a ZIP)
// imported again with its files.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { useEnvironment, useOwnerAndMember } from './support/journey-setup.ts';
import { boardColumns, openCard } from './support/page-helpers.ts';

const env = useEnvironment();

const CARD = 'Startseite neu gestalten';

// An 8×8 PNG of four coloured squares: small, and a real image for the browser to decode.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAHElEQVR4nGO4oxEFR3JIiIGaElui4EgOCVFRAgDrrFFBWChSpQAAAABJRU5ErkJggg==',
  'base64',
);

// A one-page PDF, as a PDF viewer reads it.
const pdf = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
    '',
  ].join('\n'),
);

const dialogOf = (page: Page) => page.getByRole('dialog', { name: CARD });
const fileList = (page: Page) => dialogOf(page).getByRole('list', { name: 'Angehängte Dateien' });

/** Dispatches a paste of `bytes` as a file, as the system's clipboard hands over a screenshot. */
const paste = (page: Page, base64: string, type: string, size = 0) =>
  dialogOf(page).evaluate(
    (node, args) => {
      const bytes = args.size
        ? new Uint8Array(args.size)
        : Uint8Array.from(atob(args.base64), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], 'image.png', { type: args.type }));
      node.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
    },
    { base64, type, size },
  );

const tileOf = (page: Page) =>
  boardColumns(page)
    .getByRole('button', { name: new RegExp(CARD) })
    .first();

/** Waits until an image has arrived and decoded (not merely its box). */
const decoded = async (page: Page, image: Locator) => {
  await image.waitFor();
  await page.waitForFunction(
    (node) => (node as HTMLImageElement).complete && (node as HTMLImageElement).naturalWidth > 0,
    await image.elementHandle(),
  );
};

describe('attachments', () => {
  const pair = useOwnerAndMember(env);

  it('attaches by picker and by paste; the image is the cover, live on the other tile', async () => {
    const { ownerPage: owner, memberPage: member } = pair;
    await openCard(owner, CARD);
    const [chooser] = await Promise.all([
      owner.waitForEvent('filechooser'),
      dialogOf(owner).getByRole('button', { name: 'Datei anhängen' }).click(),
    ]);
    await chooser.setFiles({ name: 'Angebot.pdf', mimeType: 'application/pdf', buffer: pdf });
    await fileList(owner).getByText('Angebot.pdf').waitFor();

    await paste(owner, png.toString('base64'), 'image/png');
    const pasted = fileList(owner).getByText(/^Eingefügtes Bild .*\.png/);
    await pasted.waitFor();
    await fileList(owner).getByText('Titelbild', { exact: true }).waitFor();

    // The member sees the cover on the tile without reloading (the board's live feed).
    const cover = tileOf(member).getByTestId('tile-cover');
    await decoded(member, cover.locator('img'));
    assert.ok(await cover.isVisible());
    await tileOf(member)
      .getByText(/2 Anhänge/)
      .waitFor();
  });

  it('previews the image and the PDF, and downloads the same bytes', async () => {
    const owner = pair.ownerPage;
    await fileList(owner)
      .getByRole('button', { name: /^Vorschau von „Eingefügtes Bild/ })
      .click();
    const imagePreview = owner.getByRole('dialog', { name: /^Vorschau: Eingefügtes Bild/ });
    await decoded(owner, imagePreview.locator('img'));
    await imagePreview.getByRole('button', { name: 'Schließen' }).first().click();
    await imagePreview.waitFor({ state: 'detached' });

    await fileList(owner).getByRole('button', { name: 'Vorschau von „Angebot.pdf“' }).click();
    const pdfPreview = owner.getByRole('dialog', { name: 'Vorschau: Angebot.pdf' });
    const frame = pdfPreview.locator('iframe[title="Angebot.pdf"]');
    await frame.waitFor();
    assert.match((await frame.getAttribute('src')) ?? '', /\/storage\/v1\/object\/sign\//);
    await pdfPreview.getByRole('button', { name: 'Schließen' }).first().click();
    await pdfPreview.waitFor({ state: 'detached' });

    const [download] = await Promise.all([
      owner.waitForEvent('download'),
      fileList(owner).getByRole('button', { name: '„Angebot.pdf“ herunterladen' }).click(),
    ]);
    assert.equal(download.suggestedFilename(), 'Angebot.pdf');
    assert.deepEqual(await readFile(await download.path()), pdf);
  });

  it('renames, deletes, and brings a file back with Rückgängig', async () => {
    const owner = pair.ownerPage;
    await fileList(owner).getByRole('button', { name: '„Angebot.pdf“ umbenennen' }).click();
    const name = dialogOf(owner).getByRole('textbox', { name: 'Neuer Name' });
    await name.fill('Angebot 2027.pdf');
    await dialogOf(owner).getByRole('button', { name: 'Speichern' }).click();
    await fileList(owner).getByText('Angebot 2027.pdf').waitFor();

    await fileList(owner).getByRole('button', { name: '„Angebot 2027.pdf“ löschen' }).click();
    await fileList(owner).getByText('Angebot 2027.pdf').waitFor({ state: 'detached' });
    const toast = owner.getByRole('status').filter({ hasText: 'wurde gelöscht' });
    await toast.getByRole('button', { name: 'Rückgängig' }).click();
    await fileList(owner).getByText('Angebot 2027.pdf').waitFor();
  });

  it('refuses a file over 50 MB with the limit in German, storing nothing', async () => {
    const owner = pair.ownerPage;
    await paste(owner, '', 'image/png', 51 * 1024 * 1024);
    await owner.getByText('Die Datei ist zu groß (höchstens 50 MB).').waitFor();
    assert.equal(await fileList(owner).locator('li').count(), 2);
  });

  it('exports the board with its files as a ZIP and imports it with them', async () => {
    const owner = pair.ownerPage;
    await owner.keyboard.press('Escape');
    await dialogOf(owner).waitFor({ state: 'detached' });

    await owner.getByRole('button', { name: 'Exportieren', exact: true }).click();
    await owner.getByRole('checkbox', { name: 'Mit Dateien exportieren' }).check();
    const [download] = await Promise.all([
      owner.waitForEvent('download'),
      owner.getByRole('button', { name: 'Als JSON herunterladen' }).click(),
    ]);
    assert.equal(download.suggestedFilename(), 'Website-Relaunch.zip');
    const archive = await download.path();
    assert.equal((await readFile(archive)).subarray(0, 2).toString(), 'PK');

    await owner.getByRole('button', { name: 'Neues Board' }).click();
    const create = owner.getByRole('dialog', { name: 'Neues Board erstellen' });
    const [chooser] = await Promise.all([
      owner.waitForEvent('filechooser'),
      create.getByRole('button', { name: 'Aus Datei importieren' }).click(),
    ]);
    await chooser.setFiles(archive);
    const summary = owner.getByRole('dialog', { name: 'Import abgeschlossen' });
    await summary.waitFor();
    const rows = await summary.getByTestId('import-summary').locator('dt').allInnerTexts();
    const counts = await summary.getByTestId('import-summary').locator('dd').allInnerTexts();
    const count = Object.fromEntries(rows.map((row, i) => [row, Number(counts[i])]));
    assert.equal(count['Wiederhergestellte Dateien'], 2);
    assert.equal(count['Nicht wiederhergestellte Dateien'], 0);
    await summary.getByRole('button', { name: 'Zum Board' }).click();

    // The copy is selected: its card has both files, the image again as the cover.
    const selector = owner.getByRole('combobox', { name: 'Board auswählen' });
    assert.equal(await selector.locator('option', { hasText: 'Website-Relaunch' }).count(), 2);
    await decoded(owner, tileOf(owner).getByTestId('tile-cover').locator('img'));
    await openCard(owner, CARD);
    await fileList(owner).getByText('Angebot 2027.pdf').waitFor();
    await fileList(owner)
      .getByText(/^Eingefügtes Bild .*\.png/)
      .waitFor();
    await fileList(owner).getByText('Titelbild', { exact: true }).waitFor();
    const [copy] = await Promise.all([
      owner.waitForEvent('download'),
      fileList(owner).getByRole('button', { name: '„Angebot 2027.pdf“ herunterladen' }).click(),
    ]);
    assert.deepEqual(await readFile(await copy.path()), pdf);
    assert.deepEqual(pair.ownerProblems, []);
  });
});

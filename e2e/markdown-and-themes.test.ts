// Markdown and the themes in real Chromium against the built apps and the real backend:
// - Markdown in a card's description and comments: rendered formatted, script-free whatever the
//   text holds (no dialog fires, no script runs, no script element is added), and editing shows
//   the source;
// - dark mode: the stored theme and the system setting are applied before the first paint
//   (under the served Content-Security-Policy, so the boot script's hash is checked too), and the
//   main screens pass axe-core's color-contrast rule (WCAG AA) in both themes, with screenshots
//   for the README (`UPDATE_SCREENSHOTS=1` writes them to docs/screenshots).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, describe, it } from 'node:test';
import type Axe from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';
import { demoAccount } from '../shared/src/dev/demo-account.ts';
import { boardBackgrounds } from '../shared/src/domain/board-backgrounds.ts';
import { useEnvironment } from './support/journey-setup.ts';
import {
  boardColumns,
  collectProblems,
  newGermanContext,
  openCard,
  see,
  shoot,
  signIn,
} from './support/page-helpers.ts';

const env = useEnvironment();

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

const themeKey = 'taskflow.theme';
const markdownCard = 'Farbpalette festlegen';
const source = [
  '## Farben festlegen',
  '',
  '- **Primärfarbe:** Indigo',
  '- *Akzent:* Himmelblau',
  '',
  '1. Entwurf',
  '2. Abstimmung',
  '',
  'Siehe [Styleguide](https://example.de/styleguide) und `--color-indigo-600`.',
  '',
  '<script>window.__xss = "script"; alert("script")</script>',
  '',
  '<img src="x" onerror="window.__xss = \'img\'; alert(\'img\')">',
  '',
  "Ein [Klick mich](javascript:window.__xss='link';alert('link')) und <b onmouseover=\"alert('b')\">fett</b>.",
].join('\n');

const closeDialog = async (page: Page) => {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
};

/** Text that fails WCAG AA contrast, by axe-core's color-contrast rule, in `scope` or the page. */
const contrastViolations = async (page: Page, scope?: string): Promise<string[]> => {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (selector) => {
    const axe = (window as unknown as { axe: typeof Axe }).axe;
    const context = selector ? (document.querySelector(selector) as Element) : document;
    const result = await axe.run(context, {
      runOnly: { type: 'rule', values: ['color-contrast'] },
    });
    return result.violations.flatMap((violation) =>
      violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
    );
  }, scope);
};

const assertContrast = async (page: Page, screen: string, scope?: string) => {
  assert.deepEqual(await contrastViolations(page, scope), [], `${screen}: contrast below AA`);
};

/**
 * White text's contrast on each board background, at its worst gradient stop, as the page paints
 * it (the theme's stop colours and the veil of board-backgrounds.css). axe-core cannot judge text
 * on a gradient (it reports it as "incomplete"), so this measures the stops on a canvas. A string,
 * not a function: the test runner's transform would add helpers the page lacks.
 */
const boardBackgroundContrast = (page: Page): Promise<Record<string, number | string>> =>
  page.evaluate(`(() => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const paint = canvas.getContext('2d', { willReadFrequently: true });
    const linear = (v) => (v /= 255) <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    const result = {};
    for (const background of ${JSON.stringify(boardBackgrounds)}) {
      const probe = document.createElement('div');
      probe.className = 'board-background text-white ' + background;
      document.body.append(probe);
      const style = getComputedStyle(probe);
      const veil = (style.backgroundImage.match(/^linear-gradient\\((rgba?\\([^)]*\\))/) || [])[1];
      let worst = Infinity;
      for (const stop of ['--tw-gradient-from', '--tw-gradient-to']) {
        paint.clearRect(0, 0, 1, 1);
        paint.fillStyle = style.getPropertyValue(stop).trim();
        paint.fillRect(0, 0, 1, 1);
        if (veil) {
          paint.fillStyle = veil;
          paint.fillRect(0, 0, 1, 1);
        }
        const [r, g, b] = paint.getImageData(0, 0, 1, 1).data;
        const luminance = 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
        worst = Math.min(worst, 1.05 / (luminance + 0.05));
      }
      result[background] = style.color === 'rgb(255, 255, 255)' ? Math.round(worst * 100) / 100 : style.color;
      probe.remove();
    }
    return result;
  })()`);

/**
 * What the page looked like in its first frame: the theme attribute and the body's colour. A
 * string, not a function: the test runner's transform would add helpers the page lacks.
 */
const recordFirstFrame = (context: BrowserContext) =>
  context.addInitScript({
    content: `window.firstFrame = new Promise(function (resolve) {
      function look() {
        if (!document.body) return requestAnimationFrame(look);
        resolve({
          theme: document.documentElement.getAttribute('data-theme'),
          background: getComputedStyle(document.body).backgroundColor,
        });
      }
      requestAnimationFrame(look);
    });`,
  });

interface FirstFrame {
  theme: string | null;
  background: string;
}

const firstFrame = (page: Page): Promise<FirstFrame> =>
  page.evaluate(() => (window as unknown as { firstFrame: Promise<FirstFrame> }).firstFrame);

describe('Markdown in a card', () => {
  let context: BrowserContext;
  let page: Page;
  const dialogs: string[] = [];
  let problems: string[];

  before(async () => {
    context = await newGermanContext(env.browser);
    page = await context.newPage();
    problems = collectProblems(page);
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(env.shellUrl);
    await signIn(page, demoAccount.email, demoAccount.password);
    await see(page, markdownCard);
  });

  after(() => context.close());

  it('renders a description formatted and script-free, and edits its source', async () => {
    await openCard(page, markdownCard);
    const dialog = page.getByRole('dialog');
    const scriptsBefore = await page.evaluate(() => document.scripts.length);
    // The card has no description yet: the field takes the text straight away.
    await dialog.getByLabel('Beschreibung').fill(source);
    await dialog.getByLabel('Beschreibung').press('Tab');

    const rendered = dialog.getByTestId('card-description');
    await rendered.getByRole('heading', { name: 'Farben festlegen' }).waitFor();
    assert.equal(await rendered.locator('strong').first().textContent(), 'Primärfarbe:');
    assert.equal(await rendered.locator('em').textContent(), 'Akzent:');
    assert.equal(await rendered.locator('ul > li').count(), 2);
    assert.equal(await rendered.locator('ol > li').count(), 2);
    assert.equal(await rendered.locator('code').textContent(), '--color-indigo-600');
    const link = rendered.getByRole('link', { name: 'Styleguide' });
    assert.equal(await link.getAttribute('href'), 'https://example.de/styleguide');
    assert.equal(await link.getAttribute('target'), '_blank');
    assert.equal(await link.getAttribute('rel'), 'noopener noreferrer');

    // The attack stays text at most: no element, no handler, no URL, and nothing ran.
    assert.equal(await rendered.locator('script, img, [onerror], [href^="javascript"]').count(), 0);
    await rendered.getByText('Klick mich').click();
    assert.equal(await page.evaluate(() => document.scripts.length), scriptsBefore);
    assert.equal(await page.evaluate(() => (window as { __xss?: string }).__xss), undefined);
    assert.deepEqual(dialogs, []);

    // Stored as typed: reopened, it renders the same; editing shows the source.
    await closeDialog(page);
    await openCard(page, markdownCard);
    await dialog.getByTestId('card-description').getByText('Primärfarbe:').waitFor();
    await dialog.getByRole('button', { name: 'Beschreibung bearbeiten' }).click();
    assert.equal(await dialog.getByLabel('Beschreibung').inputValue(), source);
    await dialog.getByLabel('Beschreibung').press('Tab');
    await dialog.getByTestId('card-description').waitFor();
  });

  it('renders a comment as Markdown, and the tile stays plain text', async () => {
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Kommentar schreiben...').fill('Bitte **heute** prüfen, *danke*.');
    await dialog.getByLabel('Kommentar schreiben...').press('Enter');
    await dialog.locator('strong', { hasText: 'heute' }).waitFor();
    await dialog.locator('em', { hasText: 'danke' }).waitFor();
    await closeDialog(page);
    const tile = boardColumns(page).getByRole('button', { name: new RegExp(markdownCard) });
    assert.doesNotMatch((await tile.textContent()) ?? '', /##|\*\*|Styleguide/);
    assert.deepEqual(dialogs, []);
    assert.deepEqual(problems, []);
  });
});

describe('the theme before the first paint', () => {
  /** A new browser with the given system setting, its page opened with the first frame seen. */
  const openWithSystem = async (colorScheme: 'light' | 'dark') => {
    const context = await env.browser.newContext({ locale: 'de-DE', colorScheme });
    await recordFirstFrame(context);
    const page = await context.newPage();
    await page.goto(env.shellUrl);
    return { context, page, first: await firstFrame(page) };
  };

  it('follows a dark system setting by default (System)', async () => {
    const { context, page, first } = await openWithSystem('dark');
    assert.equal(first.theme, 'dark');
    await page.getByRole('heading', { name: 'Anmelden' }).waitFor();
    assert.equal(
      await page.evaluate(() => getComputedStyle(document.body).backgroundColor),
      first.background,
    );
    await context.close();
  });

  it('applies the stored choice over the system setting, from the first frame', async () => {
    const { context, page, first: light } = await openWithSystem('light');
    assert.equal(light.theme, 'light');
    // Chosen as a user does, in the profile; then the page is loaded anew.
    await signIn(page, demoAccount.email, demoAccount.password);
    await page.getByRole('button', { name: 'Profil' }).click();
    await page.getByRole('dialog').getByText('Dunkel', { exact: true }).click();
    assert.equal(await page.evaluate((key) => localStorage.getItem(key), themeKey), 'dark');
    await page.reload();
    const dark = await firstFrame(page);
    assert.equal(dark.theme, 'dark');
    assert.notEqual(dark.background, light.background);
    await context.close();
  });
});

for (const theme of ['light', 'dark'] as const) {
  describe(`contrast of the main screens, ${theme === 'light' ? 'Hell' : 'Dunkel'}`, () => {
    let context: BrowserContext;
    let page: Page;
    // Screenshots of the dark theme for the README; the light ones exist already.
    const screenshot = (name: string) => (theme === 'dark' ? shoot(page, name) : Promise.resolve());

    before(async () => {
      context = await newGermanContext(env.browser);
      await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [
        themeKey,
        theme,
      ] as const);
      page = await context.newPage();
      await page.goto(env.shellUrl);
    });

    after(() => context.close());

    it('sign-in', async () => {
      await page.getByRole('heading', { name: 'Anmelden' }).waitFor();
      assert.equal(await page.getAttribute('html', 'data-theme'), theme);
      await assertContrast(page, 'sign-in');
      await screenshot('16-dunkel-anmelden');
    });

    it('the board with cards and labels', async () => {
      await signIn(page, demoAccount.email, demoAccount.password);
      await see(page, 'Startseite neu gestalten');
      await assertContrast(page, 'board');
      await screenshot('17-dunkel-board');
      const contrast = await boardBackgroundContrast(page);
      const below = Object.entries(contrast).filter(([, ratio]) => !(Number(ratio) >= 4.5));
      assert.deepEqual(below, [], `white text below 4.5:1 on: ${JSON.stringify(contrast)}`);
    });

    it('the card detail, with Markdown', async () => {
      await openCard(page, markdownCard);
      await page.getByTestId('card-description').waitFor();
      await assertContrast(page, 'card detail', '[role=dialog]');
      await screenshot('18-dunkel-karte');
      await closeDialog(page);
    });

    it('the team modal', async () => {
      await page.getByRole('button', { name: /^Team/ }).click();
      await page.getByRole('dialog').getByText(demoAccount.email).first().waitFor();
      await assertContrast(page, 'team', '[role=dialog]');
      await screenshot('19-dunkel-team');
      await closeDialog(page);
    });

    it('the new-board modal', async () => {
      await page.getByRole('button', { name: 'Neues Board' }).click();
      await page.getByRole('dialog').getByLabel('Name des Boards').waitFor();
      await assertContrast(page, 'new board', '[role=dialog]');
      await closeDialog(page);
    });

    it('the profile with the theme choice', async () => {
      await page.getByRole('button', { name: 'Profil' }).click();
      const choice = page.getByRole('group', { name: 'Erscheinungsbild' });
      const chosen = theme === 'light' ? 'Hell' : 'Dunkel';
      assert.equal(await choice.getByRole('radio', { name: chosen }).isChecked(), true);
      await assertContrast(page, 'profile', '[role=dialog]');
      await screenshot('20-dunkel-profil');
      await closeDialog(page);
    });

    it('a toast', async () => {
      await openCard(page, 'Texte für die Produktseiten');
      await page.getByRole('button', { name: 'Aufgabe löschen' }).click();
      const toast = page.getByRole('status').filter({ hasText: 'Karte gelöscht' });
      await toast.waitFor();
      await assertContrast(page, 'toast');
      await screenshot('21-dunkel-toast');
      // Undone, so the next pass finds the board as it was.
      await toast.getByRole('button', { name: 'Rückgängig' }).click();
      await see(page, 'Texte für die Produktseiten');
    });
  });
}

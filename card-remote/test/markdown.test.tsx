import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hasMarkdownSyntax, Markdown } from '../src/components/markdown';

/** Renders the text and waits for the renderer, which loads on demand. */
const show = async (text: string) => {
  const { container } = render(<Markdown text={text} />);
  if (hasMarkdownSyntax(text)) {
    // The first import of the renderer's chunk can take a while on a loaded machine.
    await waitFor(
      () => expect(container.querySelector('[data-markdown=rendered]')).not.toBeNull(),
      { timeout: 5000 },
    );
  }
  return container;
};

describe('Markdown', () => {
  it('renders headings, lists, bold, italic and code', async () => {
    const view = await show(
      [
        '# Planung',
        '## Termine',
        '- **fett** und *kursiv*',
        '- zweiter Punkt',
        '',
        '1. eins',
        '2. zwei',
        '',
        'Mit `npm test` prüfen:',
        '',
        '```',
        'const a = 1;',
        '```',
      ].join('\n'),
    );
    expect(screen.getByRole('heading', { name: 'Planung' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Termine' })).toBeTruthy();
    const [bullets, numbers] = screen.getAllByRole('list');
    expect(bullets!.tagName).toBe('UL');
    expect(within(bullets!).getAllByRole('listitem')).toHaveLength(2);
    expect(numbers!.tagName).toBe('OL');
    expect(
      within(numbers!)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['eins', 'zwei']);
    expect(screen.getByText('fett').tagName).toBe('STRONG');
    expect(screen.getByText('kursiv').tagName).toBe('EM');
    expect(screen.getByText('npm test').tagName).toBe('CODE');
    expect(view.querySelector('pre > code')?.textContent).toBe('const a = 1;\n');
  });

  it('opens links in a new tab without giving it the opener', async () => {
    await show('Siehe [Handbuch](https://example.de/handbuch).');
    const link = screen.getByRole('link', { name: 'Handbuch' });
    expect(link.getAttribute('href')).toBe('https://example.de/handbuch');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('shows plain text without loading the renderer, paragraphs and line breaks kept', async () => {
    const view = await show(
      'Erste Zeile\nzweite Zeile, mit E-Mail und 3.5 Stunden.\n\nZweiter Absatz',
    );
    expect(view.querySelector('[data-markdown=rendered]')).toBeNull();
    expect([...view.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'Erste Zeile\nzweite Zeile, mit E-Mail und 3.5 Stunden.',
      'Zweiter Absatz',
    ]);
    expect(view.querySelector('p')?.className).toContain('whitespace-pre-wrap');
  });

  it.each([
    '**fett**',
    '# Titel',
    '- Punkt',
    '1. Punkt',
    '> Zitat',
    'a `b`',
    '[x](https://example.de)',
    '<b>x</b>',
    '&amp;',
    'Titel\n===',
    '    code',
  ])('hands %j to the renderer', (text) => {
    expect(hasMarkdownSyntax(text)).toBe(true);
  });

  it('keeps the line breaks typed in a paragraph', async () => {
    await show('*Erste* Zeile\nzweite Zeile');
    const paragraph = screen.getByText('Erste').parentElement!;
    expect(paragraph.className).toContain('whitespace-pre-wrap');
    expect(paragraph.textContent).toBe('Erste Zeile\nzweite Zeile');
  });

  // Each kind of raw HTML on its own, through the renderer.
  it.each([
    'Hallo <script>alert(1)</script> Welt',
    '<img src="x" onerror="alert(2)">',
    '<div onclick="alert(3)"><b>fett</b></div>',
    '<iframe src="https://example.de"></iframe> <a href="https://example.de" onclick="alert(4)">roh</a>',
  ])('renders raw HTML %j inert: no script, no event handler, no element', async (source) => {
    expect(hasMarkdownSyntax(source)).toBe(true);
    const view = await show(source);
    expect(view.querySelectorAll('script, img, iframe, b')).toHaveLength(0);
    expect(view.querySelectorAll('[onerror], [onclick]')).toHaveLength(0);
    // The raw anchor is not turned into a link either; only Markdown links are.
    expect(screen.queryByRole('link')).toBeNull();
    expect(view.innerHTML).not.toMatch(/<script|onerror|onclick/i);
  });

  it('drops javascript: and data: URLs from links, and shows images as plain links', async () => {
    const view = await show(
      [
        '[klick](javascript:alert(1)) [daten](data:text/html;base64,PHNjcmlwdD4=)',
        '[groß](JaVaScRiPt:alert(2)) <javascript:alert(3)>',
        '![Bild](https://example.de/bild.png) ![böse](javascript:alert(4))',
      ].join('\n'),
    );
    for (const anchor of view.querySelectorAll('a')) {
      expect(anchor.getAttribute('href') ?? '').not.toMatch(/^\s*(javascript|data):/i);
    }
    expect(view.querySelector('img')).toBeNull();
    expect(screen.getByRole('link', { name: 'Bild' }).getAttribute('href')).toBe(
      'https://example.de/bild.png',
    );
    // No href carries the script; an autolink's text may still show it, as inert text.
    expect([...view.querySelectorAll('[href]')].map((a) => a.getAttribute('href'))).toEqual([
      'https://example.de/bild.png',
    ]);
  });
});

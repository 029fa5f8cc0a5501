import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from '../src/components/markdown';

const show = (text: string) => render(<Markdown text={text} />).container;

describe('Markdown', () => {
  it('renders headings, lists, bold, italic and code', () => {
    const view = show(
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

  it('opens links in a new tab without giving it the opener', () => {
    show('Siehe [Handbuch](https://example.de/handbuch).');
    const link = screen.getByRole('link', { name: 'Handbuch' });
    expect(link.getAttribute('href')).toBe('https://example.de/handbuch');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('keeps the line breaks typed in a paragraph', () => {
    show('Erste Zeile\nzweite Zeile');
    expect(screen.getByText(/Erste Zeile/).className).toContain('whitespace-pre-wrap');
    expect(screen.getByText(/Erste Zeile/).textContent).toBe('Erste Zeile\nzweite Zeile');
  });

  it('renders raw HTML inert: no script, no event handler, no element from the source', () => {
    const view = show(
      [
        'Hallo <script>alert(1)</script> Welt',
        '',
        '<img src="x" onerror="alert(2)">',
        '',
        '<div onclick="alert(3)"><b>fett</b></div>',
        '',
        '<iframe src="https://example.de"></iframe> <a href="https://example.de" onclick="alert(4)">roh</a>',
      ].join('\n'),
    );
    expect(view.querySelectorAll('script, img, iframe, b')).toHaveLength(0);
    expect(view.querySelectorAll('[onerror], [onclick]')).toHaveLength(0);
    // The raw anchor is not turned into a link either; only Markdown links are.
    expect(screen.queryByRole('link')).toBeNull();
    expect(view.innerHTML).not.toMatch(/<script|onerror|onclick/i);
  });

  it('drops javascript: and data: URLs from links, and shows images as plain links', () => {
    const view = show(
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

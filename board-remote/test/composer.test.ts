import { describe, expect, it } from 'vitest';
import { composerIntent, pastedInto, pastedTitles } from '../src/features/columns/lib/composer';

const key = (
  name: string,
  modifiers: Partial<
    Record<'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'isComposing', boolean>
  > = {},
) => ({
  key: name,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  ...modifiers,
});

describe('the card composer', () => {
  it('adds and opens on Enter, adds and stays on Alt+Enter, closes on Escape', () => {
    expect(composerIntent(key('Enter'))).toBe('addAndOpen');
    expect(composerIntent(key('Enter', { altKey: true }))).toBe('addAndContinue');
    expect(composerIntent(key('Escape'))).toBe('close');
  });

  it('leaves typing and other combinations alone', () => {
    expect(composerIntent(key('a'))).toBeNull();
    expect(composerIntent(key('Enter', { ctrlKey: true }))).toBeNull();
    expect(composerIntent(key('Enter', { metaKey: true }))).toBeNull();
    expect(composerIntent(key('Enter', { shiftKey: true }))).toBeNull();
    // An input method's Enter confirms the character being composed.
    expect(composerIntent(key('Enter', { isComposing: true }))).toBeNull();
  });

  it('finds one title per non-empty line of a paste, trimmed and in order', () => {
    expect(pastedTitles('Fotos\nMusik\r\n\n  Getränke  \rDeko\n')).toEqual([
      'Fotos',
      'Musik',
      'Getränke',
      'Deko',
    ]);
  });

  it('treats a single line as an ordinary paste', () => {
    expect(pastedTitles('Fotos')).toBeNull();
    expect(pastedTitles('  Fotos  \n\n   \n')).toBeNull();
    expect(pastedTitles('')).toBeNull();
  });

  it('puts the pasted lines into the one-line field over its selection', () => {
    expect(pastedInto('', { start: 0, end: 0 }, ['a', 'b'])).toBe('a b');
    expect(pastedInto('Neu: x!', { start: 5, end: 6 }, ['a', 'b'])).toBe('Neu: a b!');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { isTypingTarget, shortcutOf, type ShortcutEvent } from '../src/ui/keymap';

afterEach(() => {
  document.body.innerHTML = '';
});

/** A key press on `target` (the page's body unless given), with no modifier. */
const press = (key: string, fields: Partial<ShortcutEvent> = {}): ShortcutEvent => ({
  key,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  defaultPrevented: false,
  target: document.body,
  ...fields,
});

const element = (html: string): HTMLElement => {
  const host = document.createElement('div');
  host.innerHTML = html;
  document.body.append(host);
  return host.firstElementChild as HTMLElement;
};

describe('the keymap', () => {
  it('reads the board shortcuts', () => {
    expect(shortcutOf(press('?'))).toBe('help');
    expect(shortcutOf(press('/'))).toBe('search');
    expect(shortcutOf(press('f'))).toBe('search');
    expect(shortcutOf(press('n'))).toBe('addCard');
    expect(shortcutOf(press('e'))).toBe('openCard');
    expect(shortcutOf(press('<'))).toBe('movePrevious');
    expect(shortcutOf(press('>'))).toBe('moveNext');
  });

  it('reads a letter typed with Caps Lock alike, and nothing for other keys', () => {
    expect(shortcutOf(press('N'))).toBe('addCard');
    expect(shortcutOf(press('F'))).toBe('search');
    for (const key of ['x', 'Enter', 'Escape', ' ', 'ArrowLeft', 'Tab', 'F1']) {
      expect(shortcutOf(press(key))).toBeNull();
    }
  });

  it("takes '<' and '>' with Shift, and nothing with Ctrl, Alt or Meta", () => {
    expect(shortcutOf(press('>', {}))).toBe('moveNext');
    expect(shortcutOf(press('n', { ctrlKey: true }))).toBeNull();
    expect(shortcutOf(press('f', { metaKey: true }))).toBeNull();
    // AltGr on a German keyboard reports Ctrl and Alt ('<' itself has its own key there).
    expect(shortcutOf(press('<', { altKey: true, ctrlKey: true }))).toBeNull();
    expect(shortcutOf(press('e', { altKey: true }))).toBeNull();
  });

  it('never answers while typing in a field', () => {
    const fields = [
      '<input type="text" />',
      '<input type="search" />',
      '<textarea></textarea>',
      '<select><option>a</option></select>',
      '<div contenteditable="true"></div>',
    ].map(element);
    for (const field of fields) {
      // jsdom computes no isContentEditable; a browser does.
      if (field.hasAttribute('contenteditable')) {
        Object.defineProperty(field, 'isContentEditable', { value: true });
      }
      expect(isTypingTarget(field)).toBe(true);
      for (const key of ['n', 'f', '/', '?', 'e', '<', '>']) {
        expect(shortcutOf(press(key, { target: field }))).toBeNull();
      }
    }
    expect(isTypingTarget(element('<button type="button">Karte</button>'))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });

  it('answers on a focused card or button', () => {
    const tile = element('<button type="button">Karte</button>');
    expect(shortcutOf(press('e', { target: tile }))).toBe('openCard');
  });

  it('leaves a key to whoever handled it first, and to an open dialog', () => {
    expect(shortcutOf(press('n', { defaultPrevented: true }))).toBeNull();
    expect(shortcutOf(press('n', { isComposing: true }))).toBeNull();
    element('<div role="dialog" aria-modal="true"><button>OK</button></div>');
    expect(shortcutOf(press('?'))).toBeNull();
    expect(shortcutOf(press('n'))).toBeNull();
  });
});

// The board's keyboard shortcuts, one table for the shell (help, search) and the board remote
// (cards and lists), so both read a key alike. The help dialog lists them
// (shell/src/features/shortcuts). Enter on a card and Escape are no entries: the card's tile is
// a button, whose Enter opens it, and every dialog and composer closes on Escape itself.

/** What a shortcut does. */
export type Shortcut = 'help' | 'search' | 'addCard' | 'openCard' | 'movePrevious' | 'moveNext';

/** The keys, as KeyboardEvent.key gives them ('?' and '>' come with Shift on most layouts). */
export const shortcutKeys: Readonly<Record<string, Shortcut>> = {
  '?': 'help',
  '/': 'search',
  f: 'search',
  n: 'addCard',
  e: 'openCard',
  '<': 'movePrevious',
  '>': 'moveNext',
};

/** The parts of a keyboard event the keymap reads. */
export interface ShortcutEvent {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  defaultPrevented: boolean;
  isComposing?: boolean;
  target: EventTarget | null;
}

/** Whether a key pressed here is typing: fields, selects and editable text keep their keys. */
export const isTypingTarget = (target: EventTarget | null): boolean => {
  const element = target as HTMLElement | null;
  if (!element || typeof element.tagName !== 'string') return false;
  return /^(INPUT|TEXTAREA|SELECT)$/.test(element.tagName) || element.isContentEditable === true;
};

/**
 * The shortcut a key press asks for, or null: never while typing, never with Ctrl, Alt or Meta
 * (the browser's and the system's own keys, and AltGr's characters), never once something else
 * handled the key, and never while a dialog is open (it has the keyboard to itself).
 */
export const shortcutOf = (event: ShortcutEvent): Shortcut | null => {
  if (event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey) return null;
  if (event.isComposing || isTypingTarget(event.target)) return null;
  // Caps Lock gives 'F' and 'N'; the keys stay the same.
  const shortcut = shortcutKeys[event.key.length === 1 ? event.key.toLowerCase() : ''] ?? null;
  if (shortcut && document.querySelector('[aria-modal="true"]')) return null;
  return shortcut;
};

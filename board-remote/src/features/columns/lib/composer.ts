// The card composer's rules, apart from React: which key asks for what, and what a pasted text
// holds. Enter keeps the product's flow (docs/product-spec.md §4: the new card opens); Alt+Enter
// is the quick entry of Trello's composer: the card is added and the field stays for the next.

/** What a key pressed in the composer asks for, or null for typing. */
export type ComposerIntent = 'addAndOpen' | 'addAndContinue' | 'close';

/** The parts of a keyboard event the composer reads (a React or a DOM event). */
export interface ComposerKey {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  /** True while an input method composes a character: its Enter confirms the character. */
  isComposing?: boolean;
}

export const composerIntent = (event: ComposerKey): ComposerIntent | null => {
  if (event.isComposing) return null;
  if (event.key === 'Escape') return 'close';
  if (event.key !== 'Enter' || event.ctrlKey || event.metaKey || event.shiftKey) return null;
  return event.altKey ? 'addAndContinue' : 'addAndOpen';
};

/**
 * The card titles in a pasted text: one per non-empty line, trimmed, in order. Null when it
 * holds fewer than two, since one line is an ordinary paste into the field.
 */
export const pastedTitles = (text: string): string[] | null => {
  const titles = text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  return titles.length > 1 ? titles : null;
};

/**
 * The one-line field's text after pasting several lines over its selection: the lines joined
 * by a space (a text input would drop the line breaks and run the lines together).
 */
export const pastedInto = (
  value: string,
  selection: { start: number; end: number },
  titles: readonly string[],
): string => `${value.slice(0, selection.start)}${titles.join(' ')}${value.slice(selection.end)}`;

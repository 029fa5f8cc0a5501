/** Whether the focus is in a field the user types in (a composer, the search, a dialog's field). */
const typingIn = (element: Element | null): boolean =>
  element instanceof HTMLElement &&
  (element.isContentEditable || element.matches('input, textarea, select'));

/**
 * Puts the focus on a card's tile, wherever React has put it now (after a move it may have
 * remounted in another list); `scroll: false` leaves scrolling to whoever keeps it in view.
 * It comes a frame or a remount late, so it never takes the focus from a field the user has
 * gone on to type in ('>' then 'n' and a title: the tile took the rest of the title's keys).
 */
export const focusTile = (cardId: string, scroll = true): void => {
  if (typingIn(document.activeElement)) return;
  document
    .querySelector<HTMLElement>(`[data-card-id="${cardId}"] > button`)
    ?.focus({ preventScroll: !scroll });
};

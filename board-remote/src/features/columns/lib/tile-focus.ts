/**
 * Puts the focus on a card's tile, wherever React has put it now (after a move it may have
 * remounted in another list); `scroll: false` leaves scrolling to whoever keeps it in view.
 */
export const focusTile = (cardId: string, scroll = true): void => {
  document
    .querySelector<HTMLElement>(`[data-card-id="${cardId}"] > button`)
    ?.focus({ preventScroll: !scroll });
};

import type { KeyboardEvent } from 'react';

/**
 * Escape in a field that holds typed text leaves the field instead of closing the card dialog,
 * and keeps the text (as Trello keeps a comment draft): the focus moves to the dialog itself, so
 * a second Escape closes the card. An empty field lets the first Escape close it, as before.
 */
export const leaveFieldOnEscape =
  (holdsText: boolean) => (event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    if (event.key !== 'Escape' || !holdsText) return;
    // The dialog listens on the document; stopping here keeps the event from reaching it.
    event.stopPropagation();
    event.currentTarget.closest<HTMLElement>('[role="dialog"]')?.focus();
  };

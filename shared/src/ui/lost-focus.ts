import { useEffect, type RefObject } from 'react';

// When the element that had the focus leaves the page (the sign-in form replaced by the board,
// a dialog closed after its trigger was removed), browsers put the focus on the body: a keyboard
// or screen-reader user is then lost at the top of the page. The page's main landmark element
// (the board's title, the welcome screen's first action) carries FALLBACK_ATTRIBUTE and takes
// the focus in that case, and only then.

export const FALLBACK_ATTRIBUTE = 'data-focus-fallback';

/** Whether nobody has the focus: the body (or nothing) has it. */
export const focusIsLost = (): boolean =>
  !document.activeElement || document.activeElement === document.body;

/** Focuses the element when it mounts, if the focus is lost at that moment. */
export const useTakeLostFocus = (ref: RefObject<HTMLElement | null>): void => {
  useEffect(() => {
    if (focusIsLost()) ref.current?.focus();
  }, [ref]);
};

/** Gives a lost focus to `preferred`, else to the page's fallback element, if there is one. */
export const recoverLostFocus = (preferred?: HTMLElement | null): void => {
  if (!focusIsLost()) return;
  (preferred ?? document.querySelector<HTMLElement>(`[${FALLBACK_ATTRIBUTE}]`))?.focus();
};

import { shortcutOf } from '@taskflow/shared';
import { useEffect, useRef } from 'react';

interface GlobalShortcuts {
  onHelp: () => void;
  /** Shows the filter panel, where a phone keeps the search box. */
  onShowSearch: () => void;
}

/** The page's one search box (a phone has it in the filter panel, never two at once). */
const searchBox = () => document.querySelector<HTMLInputElement>('input[type="search"]');

const focusSearch = (): boolean => {
  const box = searchBox();
  box?.focus();
  box?.select();
  return box !== null;
};

/**
 * Focuses the search box once it is on the page: the filter panel that holds it on a phone
 * loads when first shown. Gives up after a few seconds (the panel failed to load).
 */
const focusSearchWhenShown = () => {
  const observer = new MutationObserver(() => {
    if (focusSearch()) stop();
  });
  const timeout = setTimeout(() => stop(), 5000);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timeout);
  };
  observer.observe(document.body, { childList: true, subtree: true });
};

/**
 * The shell's keyboard shortcuts (shared's keymap): '?' shows their help, '/' and 'f' go to the
 * search. The board remote answers the keys for cards and lists.
 */
export const useGlobalShortcuts = ({ onHelp, onShowSearch }: GlobalShortcuts) => {
  const latest = useRef({ onHelp, onShowSearch });
  useEffect(() => {
    latest.current = { onHelp, onShowSearch };
  }, [onHelp, onShowSearch]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const shortcut = shortcutOf(event);
      if (shortcut === 'help') latest.current.onHelp();
      else if (shortcut === 'search') {
        if (!focusSearch()) {
          latest.current.onShowSearch();
          focusSearchWhenShown();
        }
      } else return;
      // The key is spent: '/' must not type itself into the search box it focuses.
      event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
};

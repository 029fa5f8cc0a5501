import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches, following changes (rotation, resizing). Used where the
 * phone layout needs a different tree, not just different classes: one search box in the DOM,
 * in the top bar or in the filter panel, never two.
 */
export const useMediaQuery = (query: string): boolean => {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => (typeof window !== 'undefined' && window.matchMedia?.(query).matches) || false,
    () => false,
  );
};

/** Below Tailwind's md breakpoint: the top bar keeps one row, search moves into the filter panel. */
export const usePhoneLayout = (): boolean => useMediaQuery('(max-width: 767.98px)');

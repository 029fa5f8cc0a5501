// The colour theme: the user's choice ('light', 'dark' or 'system'), remembered on the device,
// and the theme it resolves to, written to <html data-theme> where every app's stylesheet reads
// it (shared/styles/theme.css). The boot script in each page's <head> (federation/theme-boot.js)
// sets the attribute before the first paint; this store takes over once the app runs: it
// follows the system setting live while the choice is 'system', and a choice made in another
// tab of the same device.
import { themeAttribute, themeStorageKey } from '../../../federation/theme-boot.js';
import { createStateCell } from '../state/state-cell';

export const themePreferences = ['light', 'dark', 'system'] as const;
export type ThemePreference = (typeof themePreferences)[number];
export type ResolvedTheme = 'light' | 'dark';

export interface ThemeState {
  preference: ThemePreference;
  resolved: ResolvedTheme;
}

const darkQuery = '(prefers-color-scheme: dark)';

const isPreference = (value: unknown): value is ThemePreference =>
  themePreferences.includes(value as ThemePreference);

// Storage can be unavailable (privacy settings, a sandboxed frame): the choice then lasts for
// the page, and the system setting decides on the next load.
const readStored = (): ThemePreference => {
  try {
    const stored = window.localStorage.getItem(themeStorageKey);
    return isPreference(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
};

const writeStored = (preference: ThemePreference): void => {
  try {
    if (preference === 'system') window.localStorage.removeItem(themeStorageKey);
    else window.localStorage.setItem(themeStorageKey, preference);
  } catch {
    // See readStored.
  }
};

const systemIsDark = (): boolean =>
  typeof window.matchMedia === 'function' && window.matchMedia(darkQuery).matches;

const resolve = (preference: ThemePreference): ResolvedTheme =>
  preference === 'dark' || (preference === 'system' && systemIsDark()) ? 'dark' : 'light';

const cell = createStateCell<ThemeState>({ preference: 'system', resolved: 'light' });

const apply = (preference: ThemePreference): void => {
  const resolved = resolve(preference);
  document.documentElement.setAttribute(themeAttribute, resolved);
  const current = cell.get();
  if (current.preference !== preference || current.resolved !== resolved) {
    cell.set({ preference, resolved });
  }
};

export const theme$ = cell.value$;
export const getTheme = (): ThemeState => cell.get();
export const subscribeTheme = cell.subscribe;

/** The user's choice in the profile: applied at once and remembered on this device. */
export const setThemePreference = (preference: ThemePreference): void => {
  writeStored(preference);
  apply(preference);
};

/**
 * Reads the stored choice, applies it, and keeps the page current from then on: a change of the
 * system setting (while the choice is 'system') and a choice made in another tab. Called once
 * by each page's entry; returns the teardown.
 */
export const startTheme = (): (() => void) => {
  apply(readStored());
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(darkQuery) : null;
  const onSystemChange = () => apply(cell.get().preference);
  const onStorage = (event: StorageEvent) => {
    if (event.key === themeStorageKey || event.key === null) apply(readStored());
  };
  media?.addEventListener('change', onSystemChange);
  window.addEventListener('storage', onStorage);
  return () => {
    media?.removeEventListener('change', onSystemChange);
    window.removeEventListener('storage', onStorage);
  };
};

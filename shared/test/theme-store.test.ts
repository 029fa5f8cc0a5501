import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { themeBootScript, themeStorageKey } from '../federation/theme-boot.js';
import { getTheme, setThemePreference, startTheme } from '../src/kernel/theme/theme-store';

/** The system's colour scheme as the page sees it, switchable like the OS setting. */
const systemScheme = (initiallyDark: boolean) => {
  const listeners = new Set<() => void>();
  const media = {
    matches: initiallyDark,
    addEventListener: (_: 'change', listener: () => void) => listeners.add(listener),
    removeEventListener: (_: 'change', listener: () => void) => listeners.delete(listener),
  };
  window.matchMedia = ((query: string) => {
    expect(query).toBe('(prefers-color-scheme: dark)');
    return media;
  }) as unknown as typeof window.matchMedia;
  return {
    switchTo(dark: boolean) {
      media.matches = dark;
      for (const listener of listeners) listener();
    },
    listenerCount: () => listeners.size,
  };
};

const attribute = () => document.documentElement.getAttribute('data-theme');
const boot = () => new Function(themeBootScript)() as void;

let stop: (() => void) | undefined;

beforeEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute('data-theme');
});

afterEach(() => {
  stop?.();
  stop = undefined;
});

describe('the boot script in the page head', () => {
  it.each([
    [null, false, 'light'],
    [null, true, 'dark'],
    ['system', true, 'dark'],
    ['light', true, 'light'],
    ['dark', false, 'dark'],
    ['nonsense', true, 'dark'],
  ])('stored %s with a dark system %s gives %s', (stored, systemDark, expected) => {
    systemScheme(systemDark);
    if (stored) localStorage.setItem(themeStorageKey, stored);
    boot();
    expect(attribute()).toBe(expected);
  });

  it('falls back to the system setting when storage is blocked', () => {
    systemScheme(true);
    const getItem = Storage.prototype.getItem;
    Storage.prototype.getItem = () => {
      throw new DOMException('blocked', 'SecurityError');
    };
    try {
      boot();
    } finally {
      Storage.prototype.getItem = getItem;
    }
    expect(attribute()).toBe('dark');
  });
});

describe('the theme store', () => {
  it('applies and remembers Hell and Dunkel on this device', () => {
    systemScheme(false);
    stop = startTheme();
    setThemePreference('dark');
    expect(attribute()).toBe('dark');
    expect(localStorage.getItem(themeStorageKey)).toBe('dark');
    expect(getTheme()).toEqual({ preference: 'dark', resolved: 'dark' });
    setThemePreference('light');
    expect(attribute()).toBe('light');
    expect(localStorage.getItem(themeStorageKey)).toBe('light');
  });

  it('follows the system setting live while the choice is System, and only then', () => {
    const system = systemScheme(false);
    stop = startTheme();
    setThemePreference('system');
    expect(localStorage.getItem(themeStorageKey)).toBeNull();
    expect(attribute()).toBe('light');
    system.switchTo(true);
    expect(attribute()).toBe('dark');
    expect(getTheme()).toEqual({ preference: 'system', resolved: 'dark' });
    setThemePreference('light');
    system.switchTo(false);
    system.switchTo(true);
    expect(attribute()).toBe('light');
  });

  it('starts from the stored choice and stops listening on teardown', () => {
    const system = systemScheme(true);
    localStorage.setItem(themeStorageKey, 'light');
    stop = startTheme();
    expect(getTheme()).toEqual({ preference: 'light', resolved: 'light' });
    expect(system.listenerCount()).toBe(1);
    stop();
    stop = undefined;
    expect(system.listenerCount()).toBe(0);
  });

  it('takes a choice made in another tab', () => {
    systemScheme(false);
    stop = startTheme();
    localStorage.setItem(themeStorageKey, 'dark');
    window.dispatchEvent(new StorageEvent('storage', { key: themeStorageKey }));
    expect(attribute()).toBe('dark');
  });
});

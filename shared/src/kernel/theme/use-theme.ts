import { useSyncExternalStore } from 'react';
import { getTheme, subscribeTheme, type ThemeState } from './theme-store';

export const useTheme = (): ThemeState => useSyncExternalStore(subscribeTheme, getTheme);

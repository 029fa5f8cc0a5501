import type { Plugin } from 'vite';

export declare const themeStorageKey: string;
export declare const themeAttribute: string;
export declare const themeBootScript: string;
export declare const themeBoot: () => Plugin;

import type { Plugin } from 'vite';

/** Writes a .br and a .gz variant next to every text asset of the build. */
export declare const precompress: () => Plugin;

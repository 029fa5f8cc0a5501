import type { Plugin } from 'vite';

/** The remote's standalone index.html, made from its title instead of a file in its folder. */
export declare const standalonePage: (title: string) => Plugin;

import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import page from '../index.html?raw';

// Read from disk: Vite serves public/ as is and does not let a module import from it.
const publicFile = (path: string) => resolve(import.meta.dirname, '../public', path);

const manifest = JSON.parse(readFileSync(publicFile('manifest.webmanifest'), 'utf8')) as {
  name: string;
  lang: string;
  theme_color: string;
  background_color: string;
  start_url: string;
  display: string;
  icons: { src: string; sizes: string; type: string }[];
};

describe('the web app manifest', () => {
  it('makes TaskFlow installable in German, in the theme colour of the page', () => {
    expect(page).toContain('<link rel="manifest" href="%BASE_URL%manifest.webmanifest" />');
    expect(manifest).toMatchObject({ name: 'TaskFlow', lang: 'de', display: 'standalone' });
    const themeColor = /<meta name="theme-color" content="([^"]+)"/.exec(page)?.[1];
    expect(manifest.theme_color).toBe(themeColor);
    // Relative to the manifest, so a build under a sub-path installs that path.
    expect(manifest.start_url).toBe('./');
  });

  it('names icons that exist, in the sizes an install needs', () => {
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(
      expect.arrayContaining(['192x192', '512x512']),
    );
    for (const icon of manifest.icons) {
      expect(existsSync(publicFile(icon.src)), icon.src).toBe(true);
    }
  });
});

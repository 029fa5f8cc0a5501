// The theme is applied before the first paint: a tiny classic script in each app's <head> reads
// the choice stored on the device and sets <html data-theme>, so a dark page never flashes
// light while the bundles load. Plain JavaScript, shared by the Vite configs (which inject the
// script) and by shared/src/theme (which keeps the attribute current afterwards).
//
// The script is inline on purpose: an external file would cost a blocking round trip before
// the first paint. The served Content-Security-Policy allows it by its SHA-256 hash
// (scripts/lib/serve-apps.ts hashes the inline scripts of the built page), never by
// 'unsafe-inline'.

/** localStorage key of the chosen theme: 'light', 'dark' or 'system' (absent means 'system'). */
export const themeStorageKey = 'taskflow.theme';

/** The attribute on <html> that the stylesheets key on: 'light' or 'dark', never 'system'. */
export const themeAttribute = 'data-theme';

// try: storage may be blocked (privacy settings); the page then follows the system setting.
export const themeBootScript =
  `(function(){var p;try{p=localStorage.getItem(${JSON.stringify(themeStorageKey)})}catch(e){}` +
  `var d=p==='dark'||(p!=='light'&&matchMedia('(prefers-color-scheme: dark)').matches);` +
  `document.documentElement.setAttribute(${JSON.stringify(themeAttribute)},d?'dark':'light')})()`;

/** Vite plugin: puts the boot script first in the page's <head>, in dev and in the build. */
export const themeBoot = () => ({
  name: 'taskflow:theme-boot',
  transformIndexHtml: () => [
    { tag: 'script', children: themeBootScript, injectTo: 'head-prepend' },
  ],
});

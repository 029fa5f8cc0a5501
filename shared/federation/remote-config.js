// The Vite (and Vitest) config of a remote, built from its entry in remotes.json: the federated
// name, the exposed modules, the dev port and the build folder. Plain JavaScript for the same
// reason as shared-deps.js. The remote passes its own framework plugins because they are
// installed per app.
import { fileURLToPath } from 'node:url';
import { federation } from '@module-federation/vite';
import { applyEnvDefaults } from './env-defaults.js';
import { precompress } from './precompress.js';
import { buildFolder, remotes } from './remotes.js';
import { federationShared } from './shared-deps.js';
import { standalonePage } from './standalone-page.js';
import { themeBoot } from './theme-boot.js';

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));
const componentTestSetup = fileURLToPath(
  new URL('../src/testing/component-test-setup.ts', import.meta.url),
);

/** Vitest's environment for component tests: jsdom and a backend that is never reached. */
export const componentTestConfig = (name) => ({
  name,
  environment: 'jsdom',
  include: ['test/**/*.test.{ts,tsx}'],
  setupFiles: [componentTestSetup],
  env: {
    VITE_SUPABASE_URL: 'http://127.0.0.1:54321',
    VITE_SUPABASE_ANON_KEY: 'test-anon-key',
  },
});

/**
 * The shared libraries as a remote built for the shell declares them: `import: false`, since
 * the shell always provides React, react-dom and @taskflow/shared before it loads a remote
 * (the federation runtime fails loudly if it did not). With a fallback copy, each remote
 * fetched a wrapper chunk that could load either and named every export of @taskflow/shared
 * three times over; without one, the wrapper only reads the shell's share, and the bundler keeps
 * the names the remote imports: about 4 KB less compressed JavaScript per remote on the first
 * load (README, Delivery). The standalone page and the dev servers keep their own copies.
 */
const providedByTheShell = Object.fromEntries(
  Object.entries(federationShared).map(([name, share]) => [name, { ...share, import: false }]),
);

/**
 * `vite build` writes the federated remote only: remoteEntry.js, mf-manifest.json, the exposed
 * module and its chunks, all that the shell loads. The remote's own page (index.html, main.tsx)
 * is left out, and the remote leaves the federation runtime to the shell (externalRuntime; the
 * shell builds with provideExternalRuntime): one runtime on the page instead of one per remote
 * (docs/notes/module-federation.md P9, 17 KB Brotli each), and no facade chunk between remoteEntry.js and the exposed module.
 * The standalone page runs on the dev server (`npm run dev -w board-remote`), which serves it
 * with the whole runtime; `vite build --mode standalone` builds it when it is wanted built.
 */
export const remoteViteConfig =
  (key, plugins) =>
  ({ command, mode }) => {
    const { folder, name, exposes, devPort, standaloneTitle } = remotes[key];
    const federatedOnly = command === 'build' && mode !== 'standalone';
    // One .env at the repository root serves the backend and every app.
    applyEnvDefaults(repositoryRoot);
    return {
      // P2: built asset URLs relative to the chunk, not to the host page.
      base: './',
      envDir: repositoryRoot,
      plugins: [
        ...plugins,
        standalonePage(standaloneTitle),
        // The standalone page honours the device's theme like the shell does.
        themeBoot(),
        federation({
          name,
          filename: 'remoteEntry.js',
          manifest: true,
          exposes,
          shared: federatedOnly ? providedByTheShell : federationShared,
          dts: false,
          dev: { remoteHmr: true },
          ...(federatedOnly && {
            experiments: { externalRuntime: true },
            // With `import: false`, the plugin names in each shared wrapper only the exports it
            // saw the remote import, once its parse of the module graph looks complete; that
            // check settles after 10 ms without a parsed module, so on a busy machine it can
            // conclude early and leave a used name out (a build failing with MISSING_EXPORT,
            // seen here under load). Ending the analysis at once makes the plugin take every
            // export the package has: the same output on every run (one warning per build says
            // so; the idle timeout off, so that it is said once rather than per module).
            moduleParseTimeout: 0.001,
            moduleParseIdleTimeout: 0,
          }),
        }),
        precompress(),
      ],
      // P1: dev-served asset URLs must point at this server, not at the host.
      server: { port: devPort, strictPort: true, origin: `http://localhost:${devPort}` },
      preview: { port: devPort, strictPort: true },
      build: {
        target: 'esnext',
        outDir: buildFolder,
        // The federation plugin adds remoteEntry.js itself; no page is an input.
        ...(federatedOnly && { rolldownOptions: { input: {} } }),
      },
      test: componentTestConfig(folder),
    };
  };

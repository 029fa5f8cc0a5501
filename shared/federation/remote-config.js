// The Vite (and Vitest) config of a remote, built from its entry in remotes.json: the federated
// name, the exposed modules, the dev port and the build folder. Plain JavaScript for the same
// reason as shared-deps.js. The remote passes its own framework plugins because they are
// installed per app.
import { fileURLToPath } from 'node:url';
import { federation } from '@module-federation/vite';
import { applyEnvDefaults } from './env-defaults.js';
import { buildFolder, remotes } from './remotes.js';
import { federationShared } from './shared-deps.js';

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

export const remoteViteConfig = (key, plugins) => {
  const { folder, name, exposes, devPort } = remotes[key];
  // One .env at the repository root serves the backend and every app.
  applyEnvDefaults(repositoryRoot);
  return {
    // P2: built asset URLs relative to the chunk, not to the host page.
    base: './',
    envDir: repositoryRoot,
    plugins: [
      ...plugins,
      federation({
        name,
        filename: 'remoteEntry.js',
        manifest: true,
        exposes,
        shared: federationShared,
        dts: false,
        dev: { remoteHmr: true },
      }),
    ],
    // P1: dev-served asset URLs must point at this server, not at the host.
    server: { port: devPort, strictPort: true, origin: `http://localhost:${devPort}` },
    preview: { port: devPort, strictPort: true },
    build: { target: 'esnext', outDir: buildFolder },
    test: componentTestConfig(folder),
  };
};

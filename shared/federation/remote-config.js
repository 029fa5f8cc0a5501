// The Vite (and Vitest) config of a remote, built from what differs between them: the federated
// name, the exposed modules and the dev port. Plain JavaScript for the same reason as
// shared-deps.js. The remote passes its own framework plugins because they are installed per app.
import { fileURLToPath } from 'node:url';
import { federation } from '@module-federation/vite';
import { applyEnvDefaults } from './env-defaults.js';
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

export const remoteViteConfig = ({ name, exposes, port, plugins }) => {
  // One .env at the repository root serves the backend and every app.
  applyEnvDefaults(repositoryRoot);
  return {
    // P2: built asset URLs relative to the chunk, not to the host page.
    base: './',
    envDir: repositoryRoot,
    plugins: [
      ...plugins,
      federation({
        name: name.replace('-', '_'),
        filename: 'remoteEntry.js',
        manifest: true,
        exposes,
        shared: federationShared,
        dts: false,
        dev: { remoteHmr: true },
      }),
    ],
    // P1: dev-served asset URLs must point at this server, not at the host.
    server: { port, strictPort: true, origin: `http://localhost:${port}` },
    preview: { port, strictPort: true },
    build: { target: 'esnext' },
    test: componentTestConfig(name),
  };
};

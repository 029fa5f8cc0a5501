// `npm run test:unit`: the unit and component tests of shared and every app (from
// shared/federation/remotes.json) in one run, each with its own vite config (environment,
// aliases), plus the scripts' own tests, closing with a one-line summary.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { appFolders } from '@taskflow/shared/federation/remotes';
import SummaryReporter from './lib/summary-reporter.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  test: {
    root,
    projects: [
      'shared/vitest.config.ts',
      ...appFolders.map((folder) => `${folder}/vite.config.ts`),
      { test: { name: 'scripts', include: ['scripts/test/**/*.test.ts'], environment: 'node' } },
    ],
    reporters: ['default', new SummaryReporter()],
    // Two cores are shared with other work: two workers keep the run lean.
    maxWorkers: 2,
  },
});

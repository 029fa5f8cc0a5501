// `npm run test:unit`: the unit and component tests of the five frontend workspaces in one run,
// each with its own vite config (environment, aliases), closing with a one-line summary.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import SummaryReporter from './lib/summary-reporter.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  test: {
    root,
    projects: [
      'shared/vitest.config.ts',
      'shell/vite.config.ts',
      'board-remote/vite.config.ts',
      'card-remote/vite.config.ts',
      'team-remote/vite.config.ts',
      { test: { name: 'scripts', include: ['scripts/test/**/*.test.ts'], environment: 'node' } },
    ],
    reporters: ['default', new SummaryReporter()],
    // Two cores are shared with other work: two workers keep the run lean.
    maxWorkers: 2,
  },
});

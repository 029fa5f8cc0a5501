// `npm run dev`: the backend and every app's Vite dev server in parallel (run-p), the apps read
// from shared/federation/remotes.json. They run in a process group of their own, and a signal to
// this process goes to the whole group: SIGTERM to `npm run dev` alone would orphan the Vite
// grandchildren (docs/notes/module-federation.md P11).
import { spawn } from 'node:child_process';
import { appFolders } from '@taskflow/shared/federation/remotes';
import { exitWithParent } from './lib/exit-with-parent.ts';
import { repoRoot } from './lib/serve-apps.ts';

// `dev:app <folder>` is `npm run dev -w <folder>`, labelled by run-p with the folder.
const tasks = ['dev:backend', ...appFolders.map((folder) => `dev:app ${folder}`)];

const child = spawn('npx', ['run-p', '--print-label', ...tasks], {
  cwd: repoRoot,
  stdio: 'inherit',
  detached: true,
});

const stopGroup = (signal: NodeJS.Signals) => {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // the group is already gone
  }
};

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => stopGroup(signal));
}
process.on('exit', () => stopGroup('SIGTERM'));
exitWithParent(() => stopGroup('SIGTERM'));
child.on('exit', (code) => process.exit(code ?? 1));

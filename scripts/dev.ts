// `npm run dev`: the backend and the four Vite dev servers in parallel (run-p). They run in a
// process group of their own, and a signal to this process goes to the whole group: SIGTERM to
// `npm run dev` alone would orphan the Vite grandchildren (P11).
import { spawn } from 'node:child_process';
import { exitWithParent } from './lib/exit-with-parent.ts';
import { repoRoot } from './lib/serve-apps.ts';

const child = spawn('npx', ['run-p', '--print-label', 'dev:*'], {
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

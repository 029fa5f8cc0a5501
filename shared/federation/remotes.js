// The one list of TaskFlow's apps, read by everything that needs to know them: the vite configs
// (federation name, exposed module, dev port, build folder), the shell's run-time remote config,
// `npm run dev`, the static server of `npm start`, the unit-test projects and the lint zones.
// Adding a remote is an entry in remotes.json plus its folder. Plain JavaScript and browser-safe:
// Node (scripts, ESLint, vite configs) and the shell's bundle both import it.
import manifest from './remotes.json' with { type: 'json' };

/** The folder, inside each app's folder, that `vite build` writes and `npm start` serves. */
export const buildFolder = manifest.buildFolder;

export const shellApp = manifest.shell;

/** Remote key (e.g. 'board') → its folder, federation name, dev port and exposed modules. */
export const remotes = manifest.remotes;

export const remoteKeys = Object.keys(remotes);

/** The workspace folders of all apps, the shell first. */
export const appFolders = [shellApp.folder, ...Object.values(remotes).map((r) => r.folder)];

/**
 * The federated module the shell renders for a remote, e.g. 'board_remote/BoardColumns'. A
 * remote exposes one component: the one its contract in @taskflow/shared describes.
 */
export const remoteModuleId = (key) => {
  const { name, exposes } = remotes[key];
  const [exposed, ...more] = Object.keys(exposes);
  if (!exposed || more.length > 0) {
    throw new Error(`${name} must expose exactly one module (shared/federation/remotes.json)`);
  }
  return `${name}/${exposed.replace(/^\.\//, '')}`;
};

/** Federation name → remoteEntry.js on the remote's dev server (`npm run dev`). */
export const devRemoteEntries = () =>
  Object.fromEntries(
    Object.values(remotes).map((r) => [r.name, `http://localhost:${r.devPort}/remoteEntry.js`]),
  );

// shared/federation/remotes.json is the one list of apps that builds, servers, the shell and the
// lint read. A slip in it shows up late (a dev server on a taken port, a remote npm never
// installs), so the facts they rely on are checked here.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  appFolders,
  devRemoteEntries,
  remoteKeys,
  remoteModuleId,
  remotes,
  shellApp,
} from '@taskflow/shared/federation/remotes';
import { describe, expect, test } from 'vitest';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const apps = [shellApp, ...Object.values(remotes)];

describe('the manifest of apps', () => {
  test('gives every app its own dev port and a federation name that is an identifier', () => {
    expect(new Set(apps.map((app) => app.devPort)).size).toBe(apps.length);
    for (const app of apps) expect(app.name).toMatch(/^[A-Za-z_$][\w$]*$/);
  });

  test('names folders that are npm workspaces', () => {
    const workspaces = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
      workspaces: string[];
    };
    const patterns = workspaces.workspaces.map(
      (pattern) => new RegExp(`^${pattern.replace('*', '[^/]+')}$`),
    );
    for (const folder of appFolders) {
      expect(
        patterns.some((pattern) => pattern.test(folder)),
        folder,
      ).toBe(true);
      expect(existsSync(path.join(repoRoot, folder, 'package.json')), folder).toBe(true);
    }
  });

  test("points every exposed module at a file in its remote's folder", () => {
    for (const { folder, exposes } of Object.values(remotes)) {
      for (const file of Object.values(exposes)) {
        expect(existsSync(path.join(repoRoot, folder, file)), `${folder}/${file}`).toBe(true);
      }
    }
  });

  test('derives the module the shell loads and the dev entries from it', () => {
    expect(remoteModuleId('board')).toBe('board_remote/BoardColumns');
    expect(Object.keys(devRemoteEntries())).toEqual(remoteKeys.map((key) => remotes[key].name));
    expect(devRemoteEntries().card_remote).toBe(
      `http://localhost:${remotes.card.devPort}/remoteEntry.js`,
    );
  });

  test("scopes each remote's stylesheet to the StyleScope its exposed module renders", () => {
    // The scoped sheet and the element it applies to must name the same remote, or the remote's
    // utilities style nothing (docs/frontend.md, "Style isolation").
    for (const { folder, name, exposes } of Object.values(remotes)) {
      const css = readFileSync(path.join(repoRoot, folder, 'src/remote.css'), 'utf8');
      expect(css, `${folder}/src/remote.css`).toContain(`[data-style-scope='${name}']`);
      const exposed = Object.values(exposes).map((file) =>
        readFileSync(path.join(repoRoot, folder, file), 'utf8'),
      );
      expect(
        exposed.some((source) => source.includes(`<StyleScope name="${name}">`)),
        `${folder}: <StyleScope name="${name}">`,
      ).toBe(true);
    }
  });
});

// Serves the four built apps, each on its own origin as independently deployed micro-frontends
// would be, and writes the shell's runtime-config.json from what is actually running: the
// backend's URL and key, and the remotes' entry URLs. One build serves any ports or backend.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildFolder, remotes, shellApp } from '@taskflow/shared/federation/remotes';
import { startStaticServer, type RunningStaticServer } from './static-server.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const built = (folder: string) => path.join(repoRoot, folder, buildFolder);

export interface ServeAppsOptions {
  host: string;
  /** Port of the shell; 0 picks free ports for all apps. The remotes take the next ones. */
  shellPort: number;
  supabase: { url: string; anonKey: string };
  /** Federation name → entry URL put in runtime-config.json instead (e.g. to simulate an outage). */
  remoteEntryOverrides?: Record<string, string>;
}

export interface ServedApps {
  shellUrl: string;
  /** Federation name → the served remoteEntry.js. */
  remoteEntries: Record<string, string>;
  close(): Promise<void>;
}

export const assertBuilt = (): void => {
  for (const { folder } of [shellApp, ...Object.values(remotes)]) {
    if (!existsSync(path.join(built(folder), 'index.html'))) {
      throw new Error(`${folder}/${buildFolder} is missing: run \`npm run build\` first.`);
    }
  }
};

export const serveApps = async (options: ServeAppsOptions): Promise<ServedApps> => {
  assertBuilt();
  const servers: RunningStaticServer[] = [];
  const remoteEntries: Record<string, string> = {};
  try {
    let offset = 1;
    for (const { folder, name } of Object.values(remotes)) {
      const server = await startStaticServer({
        root: built(folder),
        host: options.host,
        port: options.shellPort === 0 ? 0 : options.shellPort + offset,
      });
      servers.push(server);
      remoteEntries[name] = `${server.url}/remoteEntry.js`;
      offset += 1;
    }
    const runtimeConfig = {
      supabase: options.supabase,
      remotes: { ...remoteEntries, ...options.remoteEntryOverrides },
    };
    const shell = await startStaticServer({
      root: built(shellApp.folder),
      host: options.host,
      port: options.shellPort,
      spaFallback: true,
      dynamicJson: { '/runtime-config.json': () => runtimeConfig },
    });
    servers.push(shell);
    return {
      shellUrl: `${shell.url}/`,
      remoteEntries,
      close: async () => {
        await Promise.all(servers.map((server) => server.close()));
      },
    };
  } catch (error) {
    await Promise.all(servers.map((server) => server.close()));
    throw error;
  }
};

// Serves the four built apps, each on its own origin as independently deployed micro-frontends
// would be, and writes the shell's runtime-config.json from what is actually running: the
// backend's URL and key, and the remotes' entry URLs. One build serves any ports or backend.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStaticServer, type RunningStaticServer } from './static-server.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const remoteApps = {
  board_remote: 'board-remote',
  card_remote: 'card-remote',
  team_remote: 'team-remote',
} as const;

export type RemoteName = keyof typeof remoteApps;

export interface ServeAppsOptions {
  host: string;
  /** Port of the shell; 0 picks free ports for all four. The remotes take the next three. */
  shellPort: number;
  supabase: { url: string; anonKey: string };
  /** Replaces a remote's entry URL in runtime-config.json (e.g. to simulate an outage). */
  remoteEntryOverrides?: Partial<Record<RemoteName, string>>;
}

export interface ServedApps {
  shellUrl: string;
  remoteEntries: Record<RemoteName, string>;
  close(): Promise<void>;
}

export const assertBuilt = (): void => {
  for (const app of ['shell', ...Object.values(remoteApps)]) {
    if (!existsSync(path.join(repoRoot, app, 'dist', 'index.html'))) {
      throw new Error(`${app}/dist is missing: run \`npm run build\` first.`);
    }
  }
};

export const serveApps = async (options: ServeAppsOptions): Promise<ServedApps> => {
  assertBuilt();
  const servers: RunningStaticServer[] = [];
  const remoteEntries = {} as Record<RemoteName, string>;
  try {
    let offset = 1;
    for (const [name, app] of Object.entries(remoteApps) as [RemoteName, string][]) {
      const server = await startStaticServer({
        root: path.join(repoRoot, app, 'dist'),
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
      root: path.join(repoRoot, 'shell', 'dist'),
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

import type { ConfigEnv, PluginOption, UserConfig } from 'vite';
import type { InlineConfig } from 'vitest/node';
import type { RemoteKey } from './remotes.js';

export declare const componentTestConfig: (name: string) => InlineConfig;

/**
 * The config of the remote `key` in remotes.json; `plugins` are the app's own (React, Tailwind),
 * put before the federation plugin. `vite build` builds the federated remote only;
 * `vite build --mode standalone` the remote's own page.
 */
export declare const remoteViteConfig: (
  key: RemoteKey,
  plugins: PluginOption[],
) => (env: ConfigEnv) => UserConfig & { test: InlineConfig };

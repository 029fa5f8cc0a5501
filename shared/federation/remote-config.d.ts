import type { PluginOption, UserConfig } from 'vite';
import type { InlineConfig } from 'vitest/node';

export interface RemoteDefinition {
  /** The workspace name, e.g. 'board-remote'; the federated name is the same with '_'. */
  name: string;
  /** Exposed module name to source file, e.g. { './BoardColumns': './src/board-columns.tsx' }. */
  exposes: Record<string, string>;
  /** Dev and preview server port. */
  port: number;
  /** The app's own plugins (React, Tailwind), put before the federation plugin. */
  plugins: PluginOption[];
}

export declare const componentTestConfig: (name: string) => InlineConfig;

export declare const remoteViteConfig: (
  remote: RemoteDefinition,
) => UserConfig & { test: InlineConfig };

import type manifest from './remotes.json';

type Manifest = typeof manifest;

/** A remote's key in the manifest, e.g. 'board'. */
export type RemoteKey = keyof Manifest['remotes'];

export interface AppDefinition {
  /** The app's workspace folder at the repository root. */
  folder: string;
  /** Its module-federation name (a JavaScript identifier). */
  name: string;
  /** Port of its Vite dev and preview server. */
  devPort: number;
}

export interface RemoteDefinition extends AppDefinition {
  /** Exposed module name → source file, relative to the remote's folder. */
  exposes: Record<string, string>;
  /** The title of the remote's standalone page (standalone-page.js). */
  standaloneTitle: string;
}

export declare const buildFolder: string;
export declare const shellApp: AppDefinition;
export declare const remotes: Record<RemoteKey, RemoteDefinition>;
export declare const remoteKeys: RemoteKey[];
export declare const appFolders: string[];
export declare const remoteModuleId: (key: RemoteKey) => string;
export declare const devRemoteEntries: () => Record<string, string>;

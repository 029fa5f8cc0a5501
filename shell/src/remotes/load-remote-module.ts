import { loadRemote } from '@module-federation/runtime';
import type * as BoardColumnsModule from 'board_remote/BoardColumns';
import type * as CardDetailModule from 'card_remote/CardDetail';
import type * as TeamManagementModule from 'team_remote/TeamManagement';

/** The federated modules the shell renders, typed by the declarations in remote-modules.d.ts. */
export interface RemoteModuleMap {
  'board_remote/BoardColumns': typeof BoardColumnsModule;
  'card_remote/CardDetail': typeof CardDetailModule;
  'team_remote/TeamManagement': typeof TeamManagementModule;
}

export type RemoteModuleId = keyof RemoteModuleMap;

/** How long a remote may take before its slot shows the fallback (P6: a hung remote never fails). */
export const REMOTE_TIMEOUT_MS = 8000;

const withTimeout = <T>(promise: Promise<T>, ms: number, what: string): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not load within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });

/** Loads a remote module, failing after a time-out so that the error boundary can act. */
export const loadRemoteModule = async <K extends RemoteModuleId>(
  moduleId: K,
): Promise<RemoteModuleMap[K]> => {
  const loaded = await withTimeout(
    loadRemote<RemoteModuleMap[K]>(moduleId),
    REMOTE_TIMEOUT_MS,
    moduleId,
  );
  if (!loaded?.default) throw new Error(`${moduleId} has no default export`);
  return loaded;
};

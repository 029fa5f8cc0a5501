import { loadRemote } from '@module-federation/runtime';
import { remoteModules, type RemoteKey, type RemoteProps } from '@taskflow/shared';
import type { ComponentType } from 'react';

/** A remote's exposed module: its component, with the props of its contract in @taskflow/shared. */
export interface RemoteModule<K extends RemoteKey> {
  default: ComponentType<RemoteProps<K>>;
}

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

/** Loads a remote's module, failing after a time-out so that the error boundary can act. */
export const loadRemoteModule = async <K extends RemoteKey>(
  remote: K,
): Promise<RemoteModule<K>> => {
  const moduleId = remoteModules[remote];
  const loaded = await withTimeout(
    loadRemote<RemoteModule<K>>(moduleId),
    REMOTE_TIMEOUT_MS,
    moduleId,
  );
  if (!loaded?.default) throw new Error(`${moduleId} has no default export`);
  return loaded;
};

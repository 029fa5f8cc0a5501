import { loadRemote } from '@module-federation/runtime';
import { remoteModules, type RemoteKey, type RemoteProps } from '@taskflow/shared';
import type { ComponentType } from 'react';

/** A remote's exposed module: its component, with the props of its contract in @taskflow/shared. */
export interface RemoteModule<K extends RemoteKey> {
  default: ComponentType<RemoteProps<K>>;
}

/**
 * How long a remote may take before its slot says that loading takes longer and offers to load
 * it again (a hung remote never leaves the user without a way out). The load itself goes on: on
 * a slow connection (2 s per round trip, a remote takes three or four) a time-out that failed
 * the load showed an error for a remote that was about to arrive.
 */
export const REMOTE_SLOW_MS = 8000;

/** Loads a remote's module; a failure (network, missing export) is the error boundary's. */
export const loadRemoteModule = async <K extends RemoteKey>(
  remote: K,
): Promise<RemoteModule<K>> => {
  const moduleId = remoteModules[remote];
  const loaded = await loadRemote<RemoteModule<K>>(moduleId);
  if (!loaded?.default) throw new Error(`${moduleId} has no default export`);
  return loaded;
};

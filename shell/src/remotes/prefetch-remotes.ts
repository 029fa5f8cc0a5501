import type { RemoteKey } from '@taskflow/shared';
import { loadRemoteModule, type RemoteModule } from './load-remote-module';

// A remote's code is fetched before its slot renders: the board's while the user signs in (the
// session check and the sign-in need the backend, the board's code does not), the card's and
// the team's once the board is shown and the browser is idle. With its mf-manifest.json as the
// entry, the federation runtime fetches a remote's entry and all of its exposed module's chunks
// and stylesheet at once, so a load is two round trips, whatever the depth of its imports.

const started = new Map<RemoteKey, Promise<RemoteModule<RemoteKey>>>();
/** The prefetches that have arrived: their slot renders them at once, without suspending. */
const arrived = new Map<RemoteKey, RemoteModule<RemoteKey>>();

/** Starts loading a remote, once; its slot takes this load when it renders. */
export const prefetchRemote = (remote: RemoteKey): Promise<unknown> => {
  let loading = started.get(remote);
  if (!loading) {
    loading = loadRemoteModule(remote);
    // A failed prefetch is the slot's to show (fallback and retry), not an unhandled rejection.
    loading.then(
      (module) => {
        if (started.get(remote) === loading) arrived.set(remote, module);
      },
      () => undefined,
    );
    started.set(remote, loading);
  }
  return loading;
};

/** The load a prefetch started, handed out once: a retry after a failure loads anew. */
export const takePrefetched = <K extends RemoteKey>(
  remote: K,
): Promise<RemoteModule<K>> | undefined => {
  const loading = started.get(remote);
  started.delete(remote);
  arrived.delete(remote);
  return loading as Promise<RemoteModule<K>> | undefined;
};

/**
 * The prefetched module if it has arrived, handed out once like `takePrefetched`. A slot that
 * renders it needs no Suspense: a suspended slot shows its fallback, and React then holds the
 * content back until 300 ms after that fallback (its throttle for revealing retried content),
 * which on a fast backend was most of the time from the board's data to its first screen.
 */
export const takeArrived = <K extends RemoteKey>(remote: K): RemoteModule<K> | undefined => {
  const module = arrived.get(remote);
  if (!module) return undefined;
  arrived.delete(remote);
  started.delete(remote);
  return module as RemoteModule<K>;
};

/**
 * Asks for a remote's remoteEntry.js at once, beside its mf-manifest.json, instead of after it:
 * the manifest names the entry beside itself (publicPath 'auto'), and the federation runtime
 * then imports it from the module map. On a second visit both are only revalidated, and that
 * takes one round trip instead of two before the board's code can run.
 */
export const preloadRemoteEntry = (entry: string | undefined): void => {
  if (!entry || !entry.endsWith('/mf-manifest.json')) return;
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = new URL('remoteEntry.js', entry).href;
  document.head.append(link);
};

/** Runs `work` when the browser has nothing else to do (at the latest after `timeout` ms). */
export const whenIdle = (work: () => void, timeout = 2000): (() => void) => {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(work, { timeout });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(work, 0);
  return () => clearTimeout(id);
};

/** Forgets every prefetch, as a new page would (component tests render many "pages"). */
export const forgetPrefetches = (): void => {
  started.clear();
  arrived.clear();
};

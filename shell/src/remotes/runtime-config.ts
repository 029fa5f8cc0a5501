import { remoteModules, type BackendSettings, type RemoteKey } from '@taskflow/shared';

export interface RuntimeConfig {
  /** Overrides the backend baked in at build time (one build, many environments). */
  supabase?: Partial<BackendSettings>;
  /** Federation name → remoteEntry.js (or mf-manifest.json) URL. */
  remotes: Record<string, string>;
}

const devDefaults: Record<RemoteKey, string> = {
  board: 'http://localhost:5174/remoteEntry.js',
  card: 'http://localhost:5175/remoteEntry.js',
  team: 'http://localhost:5176/remoteEntry.js',
};

const fallback = (): RuntimeConfig => ({
  remotes: Object.fromEntries(
    (Object.keys(remoteModules) as RemoteKey[]).map((key) => [
      remoteModules[key].remote,
      devDefaults[key],
    ]),
  ),
});

const isStringRecord = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  Object.values(value).every((entry) => typeof entry === 'string');

/**
 * Reads runtime-config.json next to index.html. It is deploy-time configuration: the static
 * server of `npm start` writes it from the ports it serves; without it the dev servers' URLs
 * apply. A broken file must not keep the app from starting, so every failure falls back.
 */
export const loadRuntimeConfig = async (): Promise<RuntimeConfig> => {
  try {
    const response = await fetch('./runtime-config.json', { cache: 'no-store' });
    if (!response.ok) return fallback();
    const json = (await response.json()) as Partial<RuntimeConfig>;
    return {
      supabase: json.supabase,
      remotes: isStringRecord(json.remotes) ? json.remotes : fallback().remotes,
    };
  } catch {
    return fallback();
  }
};

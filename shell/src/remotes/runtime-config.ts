import type { BackendSettings } from '@taskflow/shared';
import { devRemoteEntries } from '@taskflow/shared/federation/remotes';

export interface RuntimeConfig {
  /** Overrides the backend baked in at build time (one build, many environments). */
  supabase?: Partial<BackendSettings>;
  /** Federation name → remoteEntry.js (or mf-manifest.json) URL. */
  remotes: Record<string, string>;
}

const fallback = (): RuntimeConfig => ({ remotes: devRemoteEntries() });

const isStringRecord = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  Object.values(value).every((entry) => typeof entry === 'string');

/**
 * Reads runtime-config.json next to index.html. It is deploy-time configuration: the static
 * server of `npm start` writes it from the ports it serves; the dev server and a plain build
 * serve the dev servers' URLs from the manifest (vite.config.ts), as does a missing file. A broken file must not keep the app from starting, so every failure falls back.
 */
export const loadRuntimeConfig = async (): Promise<RuntimeConfig> => {
  try {
    // index.html preloads this file with the page; the server has the browser revalidate it
    // (no-cache + ETag), so a changed config is read on the next load.
    // From the base, not the page's folder: a deep link's page is /b/<board>/c/<card>.
    const response = await fetch(`${import.meta.env.BASE_URL}runtime-config.json`);
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

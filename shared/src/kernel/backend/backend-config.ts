// Where the backend lives. The build bakes in VITE_SUPABASE_URL/VITE_SUPABASE_ANON_KEY (read from
// the repository root's .env); a deployment may override both at run time (the shell reads
// runtime-config.json before the first render), so one build serves every environment.

export interface BackendSettings {
  url: string;
  anonKey: string;
}

const LOCAL_DEFAULT_URL = 'http://127.0.0.1:54321';

let override: Partial<BackendSettings> = {};
let frozen = false;

/** Replaces the built-in settings; only possible before the client has been created. */
export const configureBackend = (settings: Partial<BackendSettings>): void => {
  if (frozen) throw new Error('configureBackend() must run before the Supabase client is used.');
  override = { ...override, ...settings };
};

export const backendSettings = (): BackendSettings => {
  const env = import.meta.env ?? {};
  const url = override.url || env.VITE_SUPABASE_URL || LOCAL_DEFAULT_URL;
  const anonKey = override.anonKey || env.VITE_SUPABASE_ANON_KEY || '';
  if (!anonKey) {
    throw new Error('VITE_SUPABASE_ANON_KEY is not set (see .env.example).');
  }
  return { url, anonKey };
};

/** Called once by the client factory: settings cannot change under a live client. */
export const freezeBackendSettings = (): BackendSettings => {
  frozen = true;
  return backendSettings();
};

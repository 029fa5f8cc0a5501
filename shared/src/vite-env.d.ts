// shared is compiled by each app's Vite; it reads only these env entries, typed here so that
// shared needs no dependency on Vite's own types.
interface ImportMetaEnv {
  readonly DEV: boolean;
  readonly VITE_SUPABASE_URL?: string;
  readonly VITE_SUPABASE_ANON_KEY?: string;
  /** The newest migration's timestamp (shared/federation/env-defaults.js). */
  readonly VITE_SCHEMA_VERSION?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

// Vite reads .env but not .env.example. So that a fresh clone runs `npm run dev` without copying
// files, each app's vite.config.ts takes the VITE_* defaults from .env.example for every key
// that neither the environment nor .env/.env.local sets. Vite ranks process.env above .env
// files, so a key set in .env is left alone here and keeps its say.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const parse = (file) => {
  if (!existsSync(file)) return {};
  const entries = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (match) entries[match[1]] = match[2].replace(/^(['"])(.*)\1$/, '$2');
  }
  return entries;
};

export const applyEnvDefaults = (envDir) => {
  // The schema the build was made against (its newest migration): the device's copy of the
  // boards (shared/src/kernel/offline/snapshot-cache.ts) is dropped when it differs.
  const migrations = path.join(envDir, 'supabase', 'migrations');
  if (existsSync(migrations)) {
    const newest = readdirSync(migrations)
      .filter((file) => file.endsWith('.sql'))
      .sort()
      .at(-1);
    if (newest) process.env.VITE_SCHEMA_VERSION = newest.replace(/_.*$/, '');
  }
  const configured = {
    ...parse(path.join(envDir, '.env')),
    ...parse(path.join(envDir, '.env.local')),
  };
  const defaults = parse(path.join(envDir, '.env.example'));
  for (const [key, value] of Object.entries(defaults)) {
    if (!key.startsWith('VITE_') || value === '') continue;
    if (process.env[key] === undefined && configured[key] === undefined) process.env[key] = value;
  }
};

import path from 'node:path';
import dotenv from 'dotenv';
import { repoRoot } from './serve-apps.ts';

/** The repository's .env, as the backend reads it (every setting optional, see .env.example). */
export const loadRepoEnv = (): void => {
  dotenv.config({ path: path.join(repoRoot, '.env'), quiet: true });
};

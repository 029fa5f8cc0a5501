/** Fills VITE_* keys from .env.example that neither the environment nor .env sets. */
export declare const applyEnvDefaults: (envDir: string) => void;

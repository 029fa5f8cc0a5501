import { registerRemotes } from '@module-federation/runtime';

/** Tells the federation runtime where each remote lives; called once before the first render. */
export const registerRemoteEntries = (remotes: Record<string, string>): void => {
  registerRemotes(
    Object.entries(remotes).map(([name, entry]) => ({ name, entry, type: 'module' as const })),
    { force: true },
  );
};

// Stands in for @module-federation/runtime under Vitest (docs/notes/module-federation.md P8): the shell's loader gets small
// local components for the remote modules, and a test can make a remote fail.
import type { BoardColumnsProps, CardDetailProps, TeamManagementProps } from '@taskflow/shared';

const stubs: Record<string, (props: never) => React.ReactElement> = {
  'board_remote/BoardColumns': ({ boardId }: BoardColumnsProps) => (
    <div data-testid="board-columns-stub">{boardId}</div>
  ),
  'card_remote/CardDetail': ({ cardId }: CardDetailProps) => (
    <div data-testid="card-detail-stub">{cardId}</div>
  ),
  'team_remote/TeamManagement': ({ boardId }: TeamManagementProps) => (
    <div data-testid="team-stub">{boardId}</div>
  ),
};

/** Remote module ids that fail to load, as a remote that is down would. */
export const failingRemotes = new Set<string>();

/** Remote module ids whose load waits until the test releases it, as on a slow connection. */
const heldRemotes = new Map<string, Promise<void>>();

/** Holds a remote's load back; the returned function lets it arrive. */
export const holdRemote = (moduleId: string): (() => void) => {
  let release = () => {};
  heldRemotes.set(
    moduleId,
    new Promise<void>((resolve) => {
      release = resolve;
    }),
  );
  return () => {
    heldRemotes.delete(moduleId);
    release();
  };
};

export const registeredRemotes: { name: string; entry: string }[] = [];

export const registerRemotes = (remotes: { name: string; entry: string }[]): void => {
  registeredRemotes.push(...remotes);
};

export const loadRemote = async (moduleId: string) => {
  await heldRemotes.get(moduleId);
  if (failingRemotes.has(moduleId)) {
    throw new Error('[ Federation Runtime ]: Failed to load script resources. #RUNTIME-008');
  }
  const component = stubs[moduleId];
  return component ? { default: component } : null;
};

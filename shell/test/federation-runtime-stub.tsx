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

export const registeredRemotes: { name: string; entry: string }[] = [];

export const registerRemotes = (remotes: { name: string; entry: string }[]): void => {
  registeredRemotes.push(...remotes);
};

export const loadRemote = async (moduleId: string) => {
  if (failingRemotes.has(moduleId)) {
    throw new Error('[ Federation Runtime ]: Failed to load script resources. #RUNTIME-008');
  }
  const component = stubs[moduleId];
  return component ? { default: component } : null;
};

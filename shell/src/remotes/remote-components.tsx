import type { BoardColumnsProps, CardDetailProps, TeamManagementProps } from '@taskflow/shared';
import { RemoteSlot } from './remote-slot';

// The three remotes as ordinary components of the shell. Their props are the contracts in
// @taskflow/shared; which module each loads comes from shared/federation/remotes.json.

export const BoardColumns = (props: BoardColumnsProps) => (
  <RemoteSlot remote="board" props={props} />
);

export const CardDetail = (props: CardDetailProps) => (
  <RemoteSlot remote="card" props={props} variant="overlay" />
);

export const TeamManagement = (props: TeamManagementProps) => (
  <RemoteSlot remote="team" props={props} variant="overlay" />
);

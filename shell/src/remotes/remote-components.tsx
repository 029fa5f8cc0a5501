import {
  remoteModules,
  type BoardColumnsProps,
  type CardDetailProps,
  type TeamManagementProps,
} from '@taskflow/shared';
import { RemoteSlot } from './remote-slot';

// The three remotes as ordinary components of the shell. Their props are the contracts in
// @taskflow/shared; remote-modules.d.ts states the same for the federated module names.

export const BoardColumns = (props: BoardColumnsProps) => (
  <RemoteSlot moduleId={remoteModules.board.module} props={props} />
);

export const CardDetail = (props: CardDetailProps) => (
  <RemoteSlot moduleId={remoteModules.card.module} props={props} variant="overlay" />
);

export const TeamManagement = (props: TeamManagementProps) => (
  <RemoteSlot moduleId={remoteModules.team.module} props={props} variant="overlay" />
);

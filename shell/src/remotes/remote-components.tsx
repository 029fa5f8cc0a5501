import type { BoardColumnsProps, CardDetailProps, TeamManagementProps } from '@taskflow/shared';
import { useEffect } from 'react';
import { prefetchRemote, whenIdle } from './prefetch-remotes';
import { RemoteSlot } from './remote-slot';

// The three remotes as ordinary components of the shell. Their props are the contracts in
// @taskflow/shared; which module each loads comes from shared/federation/remotes.json.

export const BoardColumns = (props: BoardColumnsProps) => {
  // A board on screen is where a card or the team is opened next: their code comes in the
  // browser's idle time, so opening them waits for no download.
  useEffect(
    () =>
      whenIdle(() => {
        void prefetchRemote('card');
        void prefetchRemote('team');
      }),
    [],
  );
  return <RemoteSlot remote="board" props={props} />;
};

export const CardDetail = (props: CardDetailProps) => (
  <RemoteSlot remote="card" props={props} variant="overlay" />
);

export const TeamManagement = (props: TeamManagementProps) => (
  <RemoteSlot remote="team" props={props} variant="overlay" />
);

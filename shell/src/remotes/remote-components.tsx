import type { BoardColumnsProps, CardDetailProps, TeamManagementProps } from '@taskflow/shared';
import { useEffect } from 'react';
import { prefetchRemote, whenIdle } from './prefetch-remotes';
import { RemoteSlot } from './remote-slot';

// The three remotes as ordinary components of the shell. Their props are the contracts in
// @taskflow/shared; which module each loads comes from shared/federation/remotes.json.

/** Time for the board to show before the card and team remotes are fetched ahead. */
const PREFETCH_AFTER_BOARD_MS = 3000;

export const BoardColumns = (props: BoardColumnsProps) => {
  // A board on screen is where a card or the team is opened next: their code comes in the
  // browser's idle time once the board has shown (not sooner: on a slow phone the downloads
  // and their parsing would delay the board), so opening them waits for no download.
  useEffect(() => {
    let cancelIdle = () => {};
    const timer = setTimeout(() => {
      cancelIdle = whenIdle(() => {
        void prefetchRemote('card');
        void prefetchRemote('team');
      });
    }, PREFETCH_AFTER_BOARD_MS);
    return () => {
      clearTimeout(timer);
      cancelIdle();
    };
  }, []);
  return <RemoteSlot remote="board" props={props} />;
};

export const CardDetail = (props: CardDetailProps) => (
  <RemoteSlot remote="card" props={props} variant="overlay" />
);

export const TeamManagement = (props: TeamManagementProps) => (
  <RemoteSlot remote="team" props={props} variant="overlay" />
);

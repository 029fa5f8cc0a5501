import type { ChannelStatus } from './connection';

/**
 * A channel status callback that calls `onRejoin` when the channel joins again after it was
 * down (errored, timed out, closed): changes may have been missed meanwhile, so whoever
 * listens reloads. The first join is not a rejoin.
 */
export const onRejoin = (rejoined: () => void): ((status: ChannelStatus) => void) => {
  let hadGap = false;
  return (status) => {
    if (status !== 'SUBSCRIBED') hadGap = true;
    else if (hadGap) {
      hadGap = false;
      rejoined();
    }
  };
};

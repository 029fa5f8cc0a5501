// The presence feature's public file: who else has the board or a card open.
export { presenceStore, useBoardPresence, useCardViewers } from './page-presence';
export type { PresencePeer, PresenceStore, PresenceState } from './presence-store';

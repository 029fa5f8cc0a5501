// The board feature's public file: the open board's store type, its selectors and the hook
// factory. The page's instance is made in workspace/; the commands are the store's methods.
export type { BoardStore, BoardStoreState, BoardStatus } from './board-store';
export type { CardPatch } from './api/cards-api';
export type { CardPlace } from './commands/cards';
export type { ChecklistPatch, NewChecklistItem } from './api/checklist-api';
export type { InviteResult, PendingInvitation } from './api/members-api';
export { fetchInvitations, withdrawInvitation } from './api/members-api';
export type { EditConflict, ConflictField, ConflictChoice } from './edit-conflicts';
export { copyCardTo, fetchBoardLists, moveCardTo, type ListChoice } from './api/card-transfer-api';
export {
  selectLists,
  selectCardsByList,
  selectMembers,
  selectMemberProfiles,
  isLiveCard,
  type MemberProfile,
} from './selectors';
export { createUseBoard } from './use-board';
// One card by id, without building the board's whole card record (board-cards.ts).
export { cardOf } from './board-cards';

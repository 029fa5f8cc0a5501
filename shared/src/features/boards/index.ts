// The boards feature's public file: the list of the user's boards and the selected one.
export type { BoardsState, BoardsStatus } from './boards-store';
export { selectedBoardStorageKey } from './boards-store';

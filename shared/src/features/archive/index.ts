// The archive feature's public file: what the 'Archiv' view reads and restores. Archiving
// itself is a command of the board store (cards, lists) and of the boards store (boards).
export { fetchArchive, restoreArchived, type BoardArchive } from './archive-api';

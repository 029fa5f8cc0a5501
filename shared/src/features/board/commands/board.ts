// Commands on the board itself: its title and background.
import type { BoardPatch } from '../api/board-api';
import { change, type BoardCommand, type CommandContext } from './command';

export const boardSettingsCommands = {
  /** Title and background of the board (the owner's; RLS refuses anyone else). */
  updateBoard({ data }: CommandContext, changes: BoardPatch): BoardCommand | null {
    const clean: BoardPatch = { ...changes };
    if (clean.title !== undefined) {
      clean.title = clean.title.trim();
      if (!clean.title || clean.title === data.board.title) delete clean.title;
    }
    if (clean.background === data.board.background) delete clean.background;
    if (clean.title === undefined && clean.background === undefined) return null;
    const boardId = data.board.id;
    return change(
      'boards',
      (d) => d.board,
      clean,
      (api) => api.updateBoardRow(boardId, clean),
    );
  },
};

// Commands on the board's members. Inviting is not one: its answer decides what the dialog
// shows, so it is not optimistic (BoardStore.inviteMember).
import { deletion } from '../row-change';
import { write, type BoardCommand, type CommandContext } from './command';

export const memberCommands = {
  removeMember(_: CommandContext, memberId: string): BoardCommand {
    const gone = deletion('board_members', { id: memberId });
    return write(gone, (api) => api.deleteMemberRow(memberId), 'errors.deleteFailed');
  },
};

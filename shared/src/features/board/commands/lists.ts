// Commands on lists: add, rename, move, archive, delete.
import { positionAtEnd, type Between } from '../../../domain/positions';
import { forInsert, newRow } from '../../../domain/new-rows';
import { deletion } from '../row-change';
import { selectLists } from '../selectors';
import { change, create, place, write, type BoardCommand, type CommandContext } from './command';

export const listCommands = {
  /** Adds a list at the end. */
  addList({ data }: CommandContext, title: string): BoardCommand | null {
    const name = title.trim();
    if (!name) return null;
    const list = newRow('lists', {
      board_id: data.board.id,
      title: name,
      position: positionAtEnd(Object.values(data.lists)),
    });
    return create('lists', list, (api) => api.insertList(forInsert('lists', list)));
  },

  renameList(_: CommandContext, listId: string, title: string): BoardCommand | null {
    const name = title.trim();
    if (!name) return null;
    return change(
      'lists',
      (data) => data.lists[listId],
      { title: name },
      (api) => api.updateListRow(listId, { title: name }),
    );
  },

  /** Moves a list between two others (by id, null at an end); one row written, as for cards. */
  moveList({ data }: CommandContext, listId: string, between: Between): BoardCommand | null {
    if (!data.lists[listId]) return null;
    return place({
      table: 'lists',
      id: listId,
      rows: selectLists(data),
      home: true,
      between,
      changes: {},
      update: (api, position) => api.updateListRow(listId, { position }),
      renumber: (api) => api.renumberBoardLists(data.board.id),
      failure: 'errors.moveListFailed',
    });
  },

  /** Archives a list with its cards, or brings it back (lists.archived_at, as for a card). */
  setListArchived(
    { data }: CommandContext,
    listId: string,
    archived: boolean,
  ): BoardCommand | null {
    const list = data.lists[listId];
    if (!list || !list.archived_at === !archived) return null;
    const archived_at = archived ? new Date().toISOString() : null;
    return change(
      'lists',
      (d) => d.lists[listId],
      { archived_at },
      (api) => api.updateListRow(listId, { archived_at }),
      archived ? 'errors.archiveFailed' : 'errors.restoreFailed',
    );
  },

  deleteList(_: CommandContext, listId: string): BoardCommand {
    const gone = deletion('lists', { id: listId });
    return write(gone, (api) => api.deleteListRow(listId), 'errors.deleteFailed');
  },
};

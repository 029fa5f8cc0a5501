// Commands on a card's subtasks: add, edit, delete.
import { newRow } from '../../../domain/new-rows';
import { positionAtEnd } from '../../../domain/positions';
import type { ChecklistPatch } from '../api/checklist-api';
import { findChild } from '../board-data';
import { deletion } from '../row-change';
import { change, create, write, type BoardCommand, type CommandContext } from './command';

export const checklistCommands = {
  /** A new subtask: at the end, empty text, not completed (spec §4). */
  addChecklistItem({ data }: CommandContext, cardId: string): BoardCommand | null {
    const card = data.cards[cardId];
    if (!card) return null;
    const item = newRow('card_checklist_items', {
      card_id: cardId,
      position: positionAtEnd(card.checklist),
    });
    const { id, text, completed, position } = item;
    return create('card_checklist_items', item, (api) =>
      api.insertChecklistItem({ id, card_id: cardId, text, completed, position }),
    );
  },

  updateChecklistItem(_: CommandContext, itemId: string, changes: ChecklistPatch): BoardCommand {
    return change(
      'card_checklist_items',
      (data) => findChild(data, 'checklist', itemId)?.child,
      changes,
      (api) => api.updateChecklistItemRow(itemId, changes),
    );
  },

  deleteChecklistItem(_: CommandContext, itemId: string): BoardCommand {
    const gone = deletion('card_checklist_items', { id: itemId });
    return write(gone, (api) => api.deleteChecklistItemRow(itemId), 'errors.deleteFailed');
  },
};

// Commands on a card's subtasks: add, edit, delete.
import { newRow } from '../../../domain/new-rows';
import { positionAtEnd } from '../../../domain/positions';
import type { ChecklistPatch, NewChecklistItem } from '../api/checklist-api';
import { cardOf } from '../board-cards';
import { findChild } from '../board-data';
import { deletion } from '../row-change';
import { change, create, write, type BoardCommand, type CommandContext } from './command';

export const checklistCommands = {
  /**
   * A new subtask, written once its editor is saved: at the end, not completed, with the text
   * (never blank: a draft is not a row until it is saved), deadline and assignee typed into it.
   */
  addChecklistItem(
    { data }: CommandContext,
    cardId: string,
    fields: NewChecklistItem,
  ): BoardCommand | null {
    const card = cardOf(data, cardId);
    const text = fields.text.trim();
    if (!card || !text) return null;
    const item = newRow('card_checklist_items', {
      card_id: cardId,
      text,
      due_date: fields.due_date,
      assigned_to: fields.assigned_to,
      position: positionAtEnd(card.checklist),
    });
    const { id, completed, position, due_date, assigned_to } = item;
    return create('card_checklist_items', item, (api) =>
      api.insertChecklistItem({
        id,
        card_id: cardId,
        text,
        completed,
        position,
        due_date,
        assigned_to,
      }),
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

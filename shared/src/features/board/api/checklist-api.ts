import type { Tables, TablesUpdate } from '../../../kernel/backend/database.types';
import { rowsOf } from '../../../kernel/backend/table-rows';

/** The columns a member may change: a subtask stays on its card. */
export type ChecklistPatch = Omit<
  TablesUpdate<'card_checklist_items'>,
  'id' | 'card_id' | 'created_at'
>;

/** What the subtask editor gives a new subtask. */
export type NewChecklistItem = Pick<
  Tables<'card_checklist_items'>,
  'text' | 'due_date' | 'assigned_to'
>;

const items = rowsOf<'card_checklist_items', ChecklistPatch>('card_checklist_items');

export const insertChecklistItem = items.insert;
export const updateChecklistItemRow = items.update;
export const deleteChecklistItemRow = items.remove;

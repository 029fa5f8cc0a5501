import type { TablesUpdate } from '../../../kernel/backend/database.types';
import { rowsOf } from '../../../kernel/backend/table-rows';

/** The columns a member may change: a subtask stays on its card. */
export type ChecklistPatch = Omit<
  TablesUpdate<'card_checklist_items'>,
  'id' | 'card_id' | 'created_at'
>;

const items = rowsOf<'card_checklist_items', ChecklistPatch>('card_checklist_items');

export const insertChecklistItem = items.insert;
export const updateChecklistItemRow = items.update;
export const deleteChecklistItemRow = items.remove;

import type { TablesInsert, TablesUpdate } from '../backend/database.types';
import type { ChecklistItem } from '../domain/types';
import { deleteRowById, insertRow, updateRowById } from './table-rows';

/** The columns a member may change: a subtask stays on its card. */
export type ChecklistPatch = Omit<
  TablesUpdate<'card_checklist_items'>,
  'id' | 'card_id' | 'created_at'
>;

export const insertChecklistItem = (
  item: TablesInsert<'card_checklist_items'>,
): Promise<ChecklistItem> => insertRow('card_checklist_items', item);

export const updateChecklistItemRow = (
  itemId: string,
  patch: ChecklistPatch,
): Promise<ChecklistItem> => updateRowById('card_checklist_items', itemId, patch);

export const deleteChecklistItemRow = (itemId: string): Promise<void> =>
  deleteRowById('card_checklist_items', itemId);

import type { TablesInsert, TablesUpdate } from '../backend/database.types';
import type { ChecklistItem } from '../domain/types';
import { getSupabase } from '../backend/supabase-client';
import { check, unwrap } from './api-error';

/** The columns a member may change: a subtask stays on its card. */
export type ChecklistPatch = Omit<
  TablesUpdate<'card_checklist_items'>,
  'id' | 'card_id' | 'created_at'
>;

export const insertChecklistItem = async (
  item: TablesInsert<'card_checklist_items'>,
): Promise<ChecklistItem> =>
  unwrap(await getSupabase().from('card_checklist_items').insert(item).select().single());

export const updateChecklistItemRow = async (
  itemId: string,
  patch: ChecklistPatch,
): Promise<ChecklistItem> =>
  unwrap(
    await getSupabase()
      .from('card_checklist_items')
      .update(patch)
      .eq('id', itemId)
      .select()
      .single(),
  );

export const deleteChecklistItemRow = async (itemId: string): Promise<void> =>
  check(await getSupabase().from('card_checklist_items').delete().eq('id', itemId));

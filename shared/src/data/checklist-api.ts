import type { ChecklistItem } from '../domain/types';
import { getSupabase } from '../backend/supabase-client';
import { check, unwrap } from './api-error';

export type ChecklistPatch = Partial<
  Pick<ChecklistItem, 'text' | 'completed' | 'due_date' | 'assigned_to' | 'position'>
>;

export const insertChecklistItem = async (item: {
  id: string;
  card_id: string;
  text: string;
  completed: boolean;
  position: number;
}): Promise<ChecklistItem> =>
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

import type { TablesInsert, TablesUpdate } from '../backend/database.types';
import type { BoardLabel } from '../domain/types';
import { getSupabase } from '../backend/supabase-client';
import { check, unwrap } from './api-error';

export const insertLabel = async (label: TablesInsert<'board_labels'>): Promise<BoardLabel> =>
  unwrap(await getSupabase().from('board_labels').insert(label).select().single());

export const deleteLabelRow = async (labelId: string): Promise<void> =>
  check(await getSupabase().from('board_labels').delete().eq('id', labelId));

export type LabelPatch = Pick<TablesUpdate<'board_labels'>, 'name' | 'color'>;

export const updateLabelRow = async (labelId: string, patch: LabelPatch): Promise<BoardLabel> =>
  unwrap(
    await getSupabase().from('board_labels').update(patch).eq('id', labelId).select().single(),
  );

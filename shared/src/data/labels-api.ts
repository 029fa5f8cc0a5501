import type { TablesInsert, TablesUpdate } from '../backend/database.types';
import type { BoardLabel } from '../domain/types';
import { deleteRowById, insertRow, updateRowById } from './table-rows';

export const insertLabel = (label: TablesInsert<'board_labels'>): Promise<BoardLabel> =>
  insertRow('board_labels', label);

export const deleteLabelRow = (labelId: string): Promise<void> =>
  deleteRowById('board_labels', labelId);

export type LabelPatch = Pick<TablesUpdate<'board_labels'>, 'name' | 'color'>;

export const updateLabelRow = (labelId: string, patch: LabelPatch): Promise<BoardLabel> =>
  updateRowById('board_labels', labelId, patch);

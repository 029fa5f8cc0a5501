import type { TablesUpdate } from '../../../kernel/backend/database.types';
import { rowsOf } from '../../../kernel/backend/table-rows';

export type LabelPatch = Pick<TablesUpdate<'board_labels'>, 'name' | 'color'>;

const labels = rowsOf<'board_labels', LabelPatch>('board_labels');

export const insertLabel = labels.insert;
export const updateLabelRow = labels.update;
export const deleteLabelRow = labels.remove;

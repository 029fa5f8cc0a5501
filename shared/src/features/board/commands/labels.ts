// Commands on the board's labels: create, rename or recolour, delete.
import { forInsert, newRow } from '../../../domain/new-rows';
import type { LabelPatch } from '../api/labels-api';
import { deletion } from '../row-change';
import { change, create, write, type BoardCommand, type CommandContext } from './command';

export const labelCommands = {
  createLabel({ data }: CommandContext, name: string, color: string): BoardCommand | null {
    const labelName = name.trim();
    if (!labelName) return null;
    const label = newRow('board_labels', { board_id: data.board.id, name: labelName, color });
    return create('board_labels', label, (api) =>
      api.insertLabel(forInsert('board_labels', label)),
    );
  },

  updateLabel({ data }: CommandContext, labelId: string, changes: LabelPatch): BoardCommand | null {
    const clean: LabelPatch = { ...changes };
    if (clean.name !== undefined) {
      clean.name = clean.name.trim();
      if (!clean.name) return null;
    }
    if (!data.labels.some((label) => label.id === labelId)) return null;
    return change(
      'board_labels',
      (d) => d.labels.find((label) => label.id === labelId),
      clean,
      (api) => api.updateLabelRow(labelId, clean),
    );
  },

  /** The label goes from every card too (card_tags cascade in the database). */
  deleteLabel(_: CommandContext, labelId: string): BoardCommand {
    const gone = deletion('board_labels', { id: labelId });
    return write(gone, (api) => api.deleteLabelRow(labelId), 'errors.deleteFailed');
  },
};

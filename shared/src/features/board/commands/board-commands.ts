// Every command the board store runs, grouped by the entity it changes. Each is a function of
// the board as shown (CommandContext) and the caller's arguments that returns one BoardCommand
// (command.ts) or null when there is nothing to send; the store gives each a one-line method.
import { boardSettingsCommands } from './board';
import { cardCommands } from './cards';
import { checklistCommands } from './checklist';
import { commentCommands } from './comments';
import { labelCommands } from './labels';
import { listCommands } from './lists';
import { memberCommands } from './members';

export const boardCommands = {
  ...cardCommands,
  ...listCommands,
  ...labelCommands,
  ...checklistCommands,
  ...commentCommands,
  ...memberCommands,
  ...boardSettingsCommands,
};

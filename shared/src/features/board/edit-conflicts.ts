// Conflicts between the user's edit and a newer change by someone else (row versions:
// migration 20261126015000_row_versions). The server refuses a write based on a row that moved
// on; when the other change touched a column the user edited too, the user decides which value
// stays. The store asks here and waits (the edits behind it wait with it, so they still go out
// in order); the shell shows the question (shell/src/features/offline) and answers it.
import { createStateCell } from '../../kernel/state/state-cell';
import type { BoardTable } from './row-change';

/** One column both changed: the user's value and the one stored now. */
export interface ConflictField {
  column: string;
  mine: unknown;
  theirs: unknown;
}

export interface EditConflict {
  table: BoardTable;
  rowId: string;
  fields: ConflictField[];
  /** Who made the stored change (`updated_by`), null when unknown. */
  by: string | null;
}

export type ConflictChoice = 'mine' | 'theirs';

interface Asked {
  conflict: EditConflict;
  answer: (choice: ConflictChoice) => void;
}

export class EditConflicts {
  private readonly cell = createStateCell<EditConflict | null>(null);
  private readonly waiting: Asked[] = [];

  readonly value$ = this.cell.value$;
  readonly get = (): EditConflict | null => this.cell.get();
  readonly subscribe = (listener: () => void): (() => void) => this.cell.subscribe(listener);

  /** Shows the conflict (after any asked before it) and resolves with the user's choice. */
  ask(conflict: EditConflict): Promise<ConflictChoice> {
    return new Promise((answer) => {
      this.waiting.push({ conflict, answer });
      if (this.waiting.length === 1) this.cell.set(conflict);
    });
  }

  /** The user's answer to the conflict shown. */
  choose(choice: ConflictChoice): void {
    const asked = this.waiting.shift();
    this.cell.set(this.waiting[0]?.conflict ?? null);
    asked?.answer(choice);
  }

  /** Sign-out: nobody is left to answer; the edits give way to what is stored. */
  clear(): void {
    while (this.waiting.length > 0) this.choose('theirs');
  }
}

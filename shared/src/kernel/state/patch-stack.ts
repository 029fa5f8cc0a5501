/**
 * A store's own edits that the server has not answered yet, drawn over what the server has
 * confirmed (docs/style.md, practice 4). The visible state is `drawOver(base)`. A refused edit is rolled back by
 * dropping its patch; restoring an earlier snapshot instead would also undo every change that
 * arrived meanwhile, from other users or from the user's other edits.
 */
export class PatchStack<T> {
  private patches: { id: number; apply: (value: T) => T }[] = [];
  private serial = 0;

  /** Adds a patch on top; returns its handle for `drop`. */
  push(apply: (value: T) => T): number {
    this.serial += 1;
    this.patches.push({ id: this.serial, apply });
    return this.serial;
  }

  drop(id: number): void {
    this.patches = this.patches.filter((patch) => patch.id !== id);
  }

  clear(): void {
    this.patches = [];
  }

  drawOver(base: T): T {
    return this.patches.reduce((value, patch) => patch.apply(value), base);
  }
}

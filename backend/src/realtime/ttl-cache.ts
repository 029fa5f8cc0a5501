/**
 * Promises kept for a short while: grants and policies rarely change while the server runs,
 * and asking the catalog once per change and subscriber would cost more than the check itself.
 * A failed load is forgotten at once, so the next caller tries again.
 */
export class TtlCache<T> {
  private readonly entries = new Map<string, { at: number; value: Promise<T> }>();

  constructor(private readonly ttlMs: number) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.value;
    const value = load().catch((error: unknown) => {
      this.entries.delete(key);
      throw error;
    });
    this.entries.set(key, { at: Date.now(), value });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}

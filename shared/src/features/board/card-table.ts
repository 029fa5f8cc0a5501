// The board's cards by id, as a persistent map: a change to one card copies one bucket of the
// table and the array of bucket references, never the whole board. A 10,000-card board spent
// 12–25 ms per change spreading a 10,000-key record (README 'Board performance'), at every
// publish of the store and every pending patch drawn over it; here a change costs a few
// microseconds, and two tables derived from each other share every bucket the change did not
// touch, so what changed between them is found by comparing buckets by identity (`diff`).
//
// Why not a library: immutable.js's Map (a HAMT) fits, but weighs some 16 KB compressed on the
// page's first load, which has 5.5 KB left of its budget; and immer still copies a changed
// record whole. A fixed number of hashed buckets is all the board needs.
import type { Card } from '../../domain/types';

/** 256 buckets: some 40 cards each at 10,000, so a change copies a small Map. */
const BUCKETS = 256;

type Bucket = ReadonlyMap<string, Card>;

const EMPTY: Bucket = new Map();

/** FNV-1a over the id: card ids are UUIDs, and spread evenly. */
const bucketOf = (id: string): number => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i += 1) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % BUCKETS;
};

export class CardTable {
  private constructor(
    private readonly buckets: readonly Bucket[],
    readonly size: number,
  ) {}

  static readonly empty = new CardTable(new Array<Bucket>(BUCKETS).fill(EMPTY), 0);

  static from(cards: Iterable<Card>): CardTable {
    const buckets: Map<string, Card>[] = Array.from({ length: BUCKETS }, () => new Map());
    let size = 0;
    for (const card of cards) {
      const bucket = buckets[bucketOf(card.id)]!;
      if (!bucket.has(card.id)) size += 1;
      bucket.set(card.id, card);
    }
    return new CardTable(buckets, size);
  }

  get(id: string): Card | undefined {
    return this.buckets[bucketOf(id)]!.get(id);
  }

  has(id: string): boolean {
    return this.buckets[bucketOf(id)]!.has(id);
  }

  /** The table with `card` under its id (added or replaced); itself when it holds that card. */
  with(card: Card): CardTable {
    const index = bucketOf(card.id);
    const bucket = this.buckets[index]!;
    const known = bucket.get(card.id);
    if (known === card) return this;
    return this.replaced(index, new Map(bucket).set(card.id, card), known ? 0 : 1);
  }

  /** The table without the card `id`; itself when it has none. */
  without(id: string): CardTable {
    const index = bucketOf(id);
    const bucket = this.buckets[index]!;
    if (!bucket.has(id)) return this;
    const copy = new Map(bucket);
    copy.delete(id);
    return this.replaced(index, copy, -1);
  }

  /**
   * Every card passed through `change` (the same card back keeps it), and dropped where it
   * answers null: a bucket none of whose cards changed is kept as it is.
   */
  map(change: (card: Card) => Card | null): CardTable {
    let buckets: Bucket[] | null = null;
    let size = this.size;
    this.buckets.forEach((bucket, index) => {
      let copy: Map<string, Card> | null = null;
      for (const [id, card] of bucket) {
        const next = change(card);
        if (next === card) continue;
        copy ??= new Map(bucket);
        if (next) copy.set(id, next);
        else {
          copy.delete(id);
          size -= 1;
        }
      }
      if (!copy) return;
      buckets ??= [...this.buckets];
      buckets[index] = copy;
    });
    return buckets ? new CardTable(buckets, size) : this;
  }

  *values(): IterableIterator<Card> {
    for (const bucket of this.buckets) yield* bucket.values();
  }

  /** The cards as a plain record by id, for readers of `BoardData.cards` (board-cards.ts). */
  toRecord(): Record<string, Card> {
    const record: Record<string, Card> = {};
    for (const bucket of this.buckets) for (const [id, card] of bucket) record[id] = card;
    return record;
  }

  /**
   * Each card that differs between the two tables (by identity), as it was and as it is
   * (undefined where absent). Buckets the tables share are skipped, so tables derived from
   * each other are compared in time proportional to what changed; unrelated ones (a new
   * snapshot) are compared card by card.
   */
  static diff(
    before: CardTable,
    after: CardTable,
    visit: (was: Card | undefined, is: Card | undefined) => void,
  ): void {
    if (before === after) return;
    for (let index = 0; index < BUCKETS; index += 1) {
      const was = before.buckets[index]!;
      const is = after.buckets[index]!;
      if (was === is) continue;
      for (const [id, card] of was) {
        const now = is.get(id);
        if (now !== card) visit(card, now);
      }
      for (const [id, card] of is) if (!was.has(id)) visit(undefined, card);
    }
  }

  private replaced(index: number, bucket: Bucket, grown: number): CardTable {
    const buckets = [...this.buckets];
    buckets[index] = bucket;
    return new CardTable(buckets, this.size + grown);
  }
}

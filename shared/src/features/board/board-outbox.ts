// Own edits that got no answer because the backend was out of reach. Each keeps its patch drawn
// over the board, so the user goes on seeing (and building on) what they did; here they wait in
// the order the user made them, and go out one at a time when the connection returns, so an
// edit of a card created offline reaches the server after the card. While anything waits, new
// edits queue behind it for the same reason. What is refused on the way is rolled back with its
// German message as usual; the first edit that again gets no answer stops the round, which is
// tried again after RETRY_MS (the waiting edit itself is the probe) or as soon as the
// connection is seen to be back, whichever comes first.

/** How an attempt to send one edit ended. */
export type Delivery = 'sent' | 'refused' | 'unreachable';

/** Between two tries while the backend is away; well inside the 5 s a reconnect may take. */
export const RETRY_MS = 1000;

export class Outbox<T extends { serial: number }> {
  private queue: T[] = [];
  private flushing = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Bumped by `clear`, so that a round under way stops. */
  private epoch = 0;

  constructor(private readonly deliver: (item: T) => Promise<Delivery>) {}

  get size(): number {
    return this.queue.length;
  }

  /** Keeps an edit for later, in the order the edits were made (their serials). */
  add(item: T): void {
    const at = this.queue.findIndex((waiting) => waiting.serial > item.serial);
    if (at === -1) this.queue.push(item);
    else this.queue.splice(at, 0, item);
  }

  /** Sends what waits, oldest first, each after the previous one was answered. */
  async flush(): Promise<void> {
    if (this.flushing || this.queue.length === 0) return;
    this.flushing = true;
    this.cancelRetry();
    const epoch = this.epoch;
    try {
      for (let item = this.queue[0]; item; item = this.queue[0]) {
        const delivery = await this.deliver(item);
        if (epoch !== this.epoch || delivery === 'unreachable') break;
        this.queue = this.queue.filter((waiting) => waiting !== item);
      }
    } finally {
      this.flushing = false;
    }
    this.retryLater();
  }

  /** Makes sure a round is coming while edits wait; an existing timer is kept, not pushed back. */
  retryLater(): void {
    if (this.timer || this.flushing || this.queue.length === 0) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, RETRY_MS);
  }

  /** Forgets every waiting edit (sign-out: there is no one left to send them as). */
  clear(): void {
    this.epoch += 1;
    this.queue = [];
    this.cancelRetry();
  }

  private cancelRetry(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

// The rows the user's own writes got back, until realtime delivers their echo.
//
// Realtime is the arbiter of order (commit order), but an own write's answer and the news of
// an earlier commit to the same row race each other. Two quick edits of one card (priority,
// then due date) answer before the first one's echo arrives; that echo holds the row as it was
// between them (no due date yet) and would hide the second edit until its own echo followed.
// So a settled row stays drawn over the news until news equal to it (its echo) arrives. The
// server sends no row version to compare, so the echo is recognised by its content.
import { rowKey, type RowChange } from './row-change';

/**
 * An echo arrives within milliseconds; a settled row still waiting after this long (its echo
 * went unrecognised or the socket was away) gives way to whatever news follows for its row.
 */
const ECHO_WAIT_MS = 5_000;
/** The latest news kept per row, to tell whether an answer's echo came before it. */
const NEWS_PER_ROW = 4;

interface Dated {
  change: RowChange;
  /** For news its sequence number, for a settled row the time it was answered. */
  at: number;
}

export class OwnEchoes {
  private readonly waiting = new Map<string, Dated[]>();
  private readonly news = new Map<string, Dated[]>();

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * Whether news since `sentAt` (a news sequence number) already held this row: its echo came
   * before the answer, and any news after that echo is newer than the answer.
   */
  echoedSince(sentAt: number, row: RowChange): boolean {
    return (this.news.get(rowKey(row)) ?? []).some(
      (news) => news.at > sentAt && sameRow(news.change, row),
    );
  }

  /** An own write's row, drawn over the news until its echo arrives. */
  expect(row: RowChange): void {
    const key = rowKey(row);
    this.waiting.set(key, [...(this.waiting.get(key) ?? []), { change: row, at: this.now() }]);
  }

  /**
   * News numbered `seq` was applied. Returns the own row that must be drawn over it again
   * (a later own write whose echo is still to come), if any.
   */
  heard(seq: number, news: RowChange): RowChange | undefined {
    const key = rowKey(news);
    this.news.set(key, [
      ...(this.news.get(key) ?? []).slice(1 - NEWS_PER_ROW),
      { change: news, at: seq },
    ]);
    const waiting = this.waiting.get(key) ?? [];
    // A deletion ends every wait; other news ends the waits up to the row it echoes.
    const echo =
      news.eventType === 'DELETE'
        ? waiting.length
        : waiting.findIndex((own) => sameRow(news, own.change));
    const stale = this.now() - ECHO_WAIT_MS;
    const left = waiting.slice(echo + 1).filter((own) => own.at > stale);
    if (left.length > 0) this.waiting.set(key, left);
    else this.waiting.delete(key);
    return left.at(-1)?.change;
  }

  /** A fresh snapshot holds every answered write: nothing waits any more. */
  clear(): void {
    this.waiting.clear();
    this.news.clear();
  }
}

/**
 * Whether `news` shows the row as `own` has it. Only the columns both carry count (realtime may
 * leave out unchanged large values), and timestamps are compared as instants: realtime and the
 * REST answer may format them differently ('2026-11-23 10:00:00+00' and '…T10:00:00+00:00').
 */
export const sameRow = (news: RowChange, own: RowChange): boolean => {
  if ((news.eventType === 'DELETE') !== (own.eventType === 'DELETE')) return false;
  if (own.eventType === 'DELETE') return true;
  return Object.entries(own.new).every(
    ([column, value]) => !(column in news.new) || sameValue(news.new[column], value),
  );
};

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

const instant = (text: string): number =>
  Date.parse(text.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'));

const sameValue = (a: unknown, b: unknown): boolean =>
  a === b ||
  // lists (a card's label ids) by content; a numeric column as a number or as its text
  (typeof a === 'object' ? JSON.stringify(a) === JSON.stringify(b) : String(a) === String(b)) ||
  (typeof a === 'string' &&
    typeof b === 'string' &&
    TIMESTAMP.test(a) &&
    instant(a) === instant(b));

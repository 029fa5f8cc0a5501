// Whether the backend can be reached, as the page sees it. Two witnesses, because neither alone
// is enough:
// - the realtime socket (through the board channel's status): it notices a backend that goes
//   away even when the user edits nothing, and its reconnect (supabase-js retries with the
//   back-off configured in supabase-client.ts) is the first sign that it is back;
// - the requests: a fetch that throws says "away" at once, an answer of any kind (a refusal
//   too) says "there".
// The page is offline while either says so. A socket that joins again clears both, since the
// server just answered. An answered request clears its own witness, and the socket's too if it
// was sent after the socket broke (the backend is back, the socket will follow); an answer that
// was already on its way when the socket broke proves nothing and leaves the banner up.
import type { Observable } from 'rxjs';
import { createStateCell } from '../state/state-cell';

export type ConnectionStatus = 'online' | 'offline';

/** A realtime channel's status as supabase-js reports it. */
export type ChannelStatus = 'SUBSCRIBED' | 'TIMED_OUT' | 'CLOSED' | 'CHANNEL_ERROR';

export class Connection {
  private readonly cell = createStateCell<ConnectionStatus>('online');
  private socketDown = false;
  private requestFailed = false;
  /** How often the socket has broken; a request remembers the count it was sent at. */
  private breaks = 0;

  readonly status$: Observable<ConnectionStatus> = this.cell.value$;
  readonly get = (): ConnectionStatus => this.cell.get();
  readonly subscribe = (listener: () => void): (() => void) => this.cell.subscribe(listener);

  /** A realtime channel joined, errored, timed out or was closed by the server. */
  channelStatus(status: ChannelStatus): void {
    if (status === 'SUBSCRIBED') {
      this.socketDown = false;
      this.requestFailed = false;
    } else if (!this.socketDown) {
      this.socketDown = true;
      this.breaks += 1;
    }
    this.publish();
  }

  /** Taken when a request is sent, and handed to `answered`. */
  sending(): number {
    return this.breaks;
  }

  /** The backend answered a request (agreeing or refusing) that was sent at `sentAt`. */
  answered(sentAt: number): void {
    this.requestFailed = false;
    if (sentAt === this.breaks) this.socketDown = false;
    this.publish();
  }

  /** A request got no answer (see isNetworkError). */
  unreachable(): void {
    this.requestFailed = true;
    this.publish();
  }

  private publish(): void {
    this.cell.set(this.socketDown || this.requestFailed ? 'offline' : 'online');
  }
}

/** The page's one connection state (shared is a module-federation singleton). */
export const connection = new Connection();

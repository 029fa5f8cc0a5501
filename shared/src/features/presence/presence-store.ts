/**
 * Who else has a board, or one of its cards, open right now ("who is here").
 *
 * Every view that shows presence enters the board's room; the first one opens the connection
 * (supabase-js presence on the board's private channel, presence-channel.ts), the last one to
 * leave closes it a moment later, so React re-mounting a component (Strict Mode, a remote
 * re-rendered by the shell) does not leave and re-enter. A card view also says which card it
 * shows; the user's one presence entry carries the card shown last.
 *
 * Peers are people, not connections: the presence key is the user id, so a member with two
 * tabs is one peer viewing every card either tab shows, and the user's own tabs never appear.
 */
import type { Observable, Subscription } from 'rxjs';
import type { SessionUser } from '../../kernel/session/session';
import { createStateCell } from '../../kernel/state/state-cell';

/** What each tab announces: JSON, small, the same shape on every client. */
export interface PresenceMeta {
  user_id: string;
  name: string;
  card_id: string | null;
}

export interface PresencePeer {
  userId: string;
  /** The name the peer announced (their profile name or e-mail). */
  name: string;
  /** The cards the peer has open, in any of their tabs. */
  cardIds: string[];
}

/** A live connection to one board's room. */
export interface PresenceConnection {
  /** Announces (or re-announces) this tab; kept and re-sent after a reconnect. */
  track(meta: PresenceMeta): void;
  close(): void;
}

/** Opens a board's room as `userId`; `onState` gets every entry by user id, on every change. */
export type PresenceTransport = (
  boardId: string,
  userId: string,
  onState: (state: Record<string, PresenceMeta[]>) => void,
) => PresenceConnection;

/** Peers by board id (only boards that some view has entered). */
export type PresenceState = Readonly<Record<string, readonly PresencePeer[]>>;

const NO_PEERS: readonly PresencePeer[] = [];

/** Unmount and mount again within this time and the room stays open. */
const CLOSE_DELAY_MS = 500;

/** A board some view has entered. */
interface Visit {
  views: number;
  /** The cards this tab shows, most recent last. */
  cards: string[];
  closeTimer: ReturnType<typeof setTimeout> | null;
  /** Open while a user is signed in. */
  connection: PresenceConnection | null;
}

const nameOf = (user: SessionUser): string => user.fullName.trim() || user.email;

/** Everyone in the room but oneself, one peer per user, by name. */
export const peersOf = (
  state: Record<string, PresenceMeta[]>,
  selfId: string,
): readonly PresencePeer[] =>
  Object.entries(state)
    .filter(([userId, metas]) => userId !== selfId && metas.length > 0)
    .map(([userId, metas]) => ({
      userId,
      name: metas.find((m) => typeof m.name === 'string' && m.name !== '')?.name ?? '',
      cardIds: [
        ...new Set(
          metas.map((m) => m.card_id).filter((id): id is string => typeof id === 'string'),
        ),
      ],
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'de-DE') || a.userId.localeCompare(b.userId));

export class PresenceStore {
  private readonly cell = createStateCell<PresenceState>({});
  private readonly visits = new Map<string, Visit>();
  private user: SessionUser | null = null;
  private userWatch: Subscription | null = null;

  constructor(
    private readonly transport: PresenceTransport,
    private readonly user$: Observable<SessionUser | null>,
  ) {}

  readonly getState = (): PresenceState => this.cell.get();
  readonly subscribe = (listener: () => void): (() => void) => this.cell.subscribe(listener);

  peers(boardId: string | null): readonly PresencePeer[] {
    return (boardId && this.cell.get()[boardId]) || NO_PEERS;
  }

  /** Shows the user on the board until the returned function is called. */
  enter(boardId: string): () => void {
    let visit = this.visits.get(boardId);
    if (!visit) {
      visit = { views: 0, cards: [], closeTimer: null, connection: null };
      this.visits.set(boardId, visit);
      this.connect(boardId, visit);
    }
    visit.views += 1;
    if (visit.closeTimer) clearTimeout(visit.closeTimer);
    visit.closeTimer = null;
    this.watchUser();
    const entered = visit;
    let left = false;
    return () => {
      if (left || this.visits.get(boardId) !== entered) return;
      left = true;
      entered.views -= 1;
      if (entered.views === 0)
        entered.closeTimer = setTimeout(() => this.close(boardId, entered), CLOSE_DELAY_MS);
    };
  }

  /** Shows the user on the board, viewing `cardId`, until the returned function is called. */
  viewCard(boardId: string, cardId: string): () => void {
    const leave = this.enter(boardId);
    const visit = this.visits.get(boardId)!;
    visit.cards.push(cardId);
    this.announce(visit);
    return () => {
      const index = visit.cards.lastIndexOf(cardId);
      if (index >= 0) visit.cards.splice(index, 1);
      this.announce(visit);
      leave();
    };
  }

  private watchUser(): void {
    this.userWatch ??= this.user$.subscribe((user) => {
      if (user?.id === this.user?.id && user?.fullName === this.user?.fullName) return;
      this.user = user;
      // Another account, a new name, or nobody: every room is entered again as that user.
      for (const [boardId, visit] of this.visits) {
        visit.connection?.close();
        visit.connection = null;
        this.connect(boardId, visit);
      }
      if (!user) this.cell.set({});
    });
  }

  private connect(boardId: string, visit: Visit): void {
    const user = this.user;
    if (!user) return;
    // A transport may report the state before it returns; after close it must not count.
    let connection: PresenceConnection | null = null;
    connection = this.transport(boardId, user.id, (state) => {
      if (connection !== null && visit.connection !== connection) return;
      this.cell.update((all) => ({ ...all, [boardId]: peersOf(state, user.id) }));
    });
    visit.connection = connection;
    this.announce(visit);
  }

  private announce(visit: Visit): void {
    const user = this.user;
    if (!user || !visit.connection) return;
    visit.connection.track({
      user_id: user.id,
      name: nameOf(user),
      card_id: visit.cards.at(-1) ?? null,
    });
  }

  private close(boardId: string, visit: Visit): void {
    if (visit.views > 0 || this.visits.get(boardId) !== visit) return;
    visit.connection?.close();
    this.visits.delete(boardId);
    this.cell.update((all) => {
      const { [boardId]: _closed, ...rest } = all;
      return rest;
    });
  }
}

// The sync engine: keeps the board state in step with the server. It is the only reader of the
// gateway's snapshot and realtime stream; commands never load anything.
// - One round trip: `open()` loads the whole board with the board_snapshot RPC. The realtime
//   channel is joined first and its changes are buffered until the snapshot is in, then replayed
//   on top, so nothing committed in between is lost. After that no change causes a refetch,
// - except a gap: when the channel rejoins after an error, a time-out or a closed socket, what
//   was committed meanwhile never reached us, so the board is loaded once more (buffering again).
// - It is also a witness for the page's connection state (connection.ts): the channel's status
//   tells whether the socket is up, and a snapshot that got no answer that the backend is away.
import type { Subscription } from 'rxjs';
import type { Connection } from '../../kernel/backend/connection';
import { isNetworkError } from '../../kernel/backend/api-error';
import type { BoardMember } from '../../domain/types';
import { fromSnapshot, applyRowChange } from './board-data';
import type { BoardGateway } from './board-gateway';
import type { BoardState } from './board-state';
import { insertOrUpdate, type RowChange } from './row-change';

export class BoardSync {
  /** Changes that arrive while a snapshot loads; null when none is loading. */
  private buffer: RowChange[] | null = null;
  private channel: Subscription | null = null;
  /** The channel lost its connection since the last join; the next join resyncs. */
  private hadGap = false;

  constructor(
    private readonly gateway: BoardGateway,
    private readonly state: BoardState,
    private readonly connection: Connection,
  ) {}

  /** Shows a board; calling it again with the same id does nothing. */
  open(boardId: string): void {
    const current = this.state.get();
    if (current.boardId === boardId && current.status !== 'idle') return;
    this.close();
    this.state.reset('loading', boardId);
    this.channel = this.gateway.changes(boardId).subscribe((event) => {
      if (event.kind === 'change') {
        if (this.buffer) this.buffer.push(event.change);
        else this.applyNews(event.change);
      } else {
        this.connection.channelStatus(event.status);
        if (event.status !== 'SUBSCRIBED') this.hadGap = true;
        else if (this.hadGap) {
          this.hadGap = false;
          void this.loadSnapshot(boardId);
        }
      }
    });
    void this.loadSnapshot(boardId);
  }

  /** Leaves the board: drops the channel, the data and every pending edit. */
  close(): void {
    this.channel?.unsubscribe();
    this.channel = null;
    this.buffer = null;
    this.hadGap = false;
    this.state.reset();
  }

  /** Loads the snapshot again (after a failed load, or a gap in the realtime stream). */
  reload(): void {
    const { boardId } = this.state.get();
    if (boardId) void this.loadSnapshot(boardId);
  }

  private async loadSnapshot(boardId: string): Promise<void> {
    const generation = this.state.generation;
    this.buffer = [];
    const sentAt = this.connection.sending();
    try {
      const snapshot = await this.gateway.fetchSnapshot(boardId);
      this.connection.answered(sentAt);
      if (generation !== this.state.generation) return;
      const buffered = this.buffer ?? [];
      this.buffer = null;
      if (!snapshot) {
        this.state.lose('notFound');
        return;
      }
      this.state.load(buffered.reduce(applyRowChange, fromSnapshot(snapshot)));
    } catch (error) {
      if (isNetworkError(error)) this.connection.unreachable();
      else this.connection.answered(sentAt);
      if (generation !== this.state.generation) return;
      this.buffer = null;
      // A failed resync leaves the stale board visible; the next join tries again.
      this.hadGap = true;
      if (!this.state.confirmed) this.state.lose('error');
    }
  }

  /** A change from the server (realtime); applied in arrival order, idempotently. */
  private applyNews(change: RowChange): void {
    const board = this.state.confirmed;
    if (!board) return;
    if (
      change.table === 'boards' &&
      change.eventType === 'DELETE' &&
      change.old.id === board.board.id
    ) {
      this.state.lose('notFound');
      return;
    }
    this.state.applyNews(change);
    if (change.table === 'board_members' && change.eventType !== 'DELETE') {
      void this.completeMemberProfile(change.new as Partial<BoardMember>);
    }
  }

  /** Realtime rows carry no profile; a new member's name is fetched once. */
  private async completeMemberProfile(row: Partial<BoardMember>): Promise<void> {
    const member = this.state.confirmed?.members.find((m) => m.id === row.id);
    if (!member || member.profile || !member.user_id) return;
    const generation = this.state.generation;
    try {
      const profile = await this.gateway.fetchProfile(member.user_id);
      if (generation !== this.state.generation || !profile) return;
      this.state.applyNews(insertOrUpdate('board_members', { ...member, profile }));
    } catch {
      // The member stays listed by id; the avatar shows '?' until the next load.
    }
  }
}

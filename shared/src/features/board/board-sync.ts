// The sync engine: keeps the board state in step with the server. It is the only reader of the
// gateway's snapshot and realtime stream; commands never load anything.
// - One round trip: `open()` loads the whole board with the board_snapshot RPC. After that no
//   change causes a refetch, except a gap in the channel. Joining first, holding the changes
//   that arrive during a load, resyncing after a gap and dropping stale answers is the
//   synced resource's part (kernel/backend/synced-resource.ts), as for every store.
// - The device's copy (device-copy.ts): a board the device kept is shown while its snapshot is
//   on the way, or when none comes (the backend away), and replaced by the snapshot when it
//   comes; what is shown is kept again (after a load, and a while after news). A board the
//   snapshot says is gone, or no longer the user's, is dropped from the device too.
// - It is also a witness for the page's connection state (connection.ts): the channel's status
//   tells whether the socket is up, and a snapshot that got no answer that the backend is away.
import type { Connection } from '../../kernel/backend/connection';
import { SyncedResource } from '../../kernel/backend/synced-resource';
import type { BoardData, BoardMember, BoardSnapshot } from '../../domain/types';
import { cardOf } from './board-cards';
import { fromSnapshot, applyRowChange } from './board-data';
import type { BoardGateway } from './board-gateway';
import type { BoardState } from './board-state';
import { insertOrUpdate, type RowChange } from './row-change';

/** Whether the change updates a list or card of this board that the state does not hold. */
const cameBack = (data: BoardData, change: RowChange): boolean => {
  if (change.eventType !== 'UPDATE' || change.new.board_id !== data.board.id) return false;
  const id = change.new.id as string;
  if (change.table === 'lists') return !data.lists[id];
  return change.table === 'cards' && !cardOf(data, id);
};

/** News is kept on the device at most this often (a busy board writes its copy once). */
const KEEP_AFTER_NEWS_MS = 2000;

export class BoardSync {
  /** The open board's snapshot and channel; null when none is open. */
  private resource: SyncedResource<BoardSnapshot | null, RowChange> | null = null;
  private keepSoon: ReturnType<typeof setTimeout> | null = null;

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
    const resource = new SyncedResource<BoardSnapshot | null, RowChange>({
      load: () => this.gateway.fetchSnapshot(boardId),
      live: () => this.gateway.changes(boardId),
      loaded: (snapshot, held) => {
        if (!snapshot) {
          this.state.lose('notFound');
          this.dropCopy(boardId);
        } else {
          this.state.load(held.reduce(applyRowChange, fromSnapshot(snapshot)));
          this.keepCopy();
        }
      },
      changed: (change) => this.applyNews(change),
      // A failed resync leaves the stale board visible; the next join tries again.
      failed: () => {
        if (!this.state.confirmed) this.state.lose('error');
      },
      connection: this.connection,
    });
    this.resource = resource;
    resource.start();
    void this.showCopy(boardId, resource);
  }

  /** Leaves the board: drops the channel, the data and every pending edit. */
  close(): void {
    this.resource?.stop();
    this.resource = null;
    if (this.keepSoon) clearTimeout(this.keepSoon);
    this.keepSoon = null;
    this.state.reset();
  }

  /** Loads the snapshot again (after a failed load, or a gap in the realtime stream). */
  reload(): void {
    void this.resource?.reload();
  }

  /** The backend answers again: a board whose last load failed loads now, not on the next join. */
  resync(): void {
    if (this.resource?.status === 'error') this.reload();
  }

  /** The device's copy of the board, shown until (or unless) the snapshot arrives. */
  private async showCopy(
    boardId: string,
    resource: SyncedResource<BoardSnapshot | null, RowChange>,
  ): Promise<void> {
    const userId = this.gateway.currentUserId();
    const copy = userId && (await this.gateway.copy?.board(userId, boardId));
    const { status } = this.state.get();
    // Only while nothing newer is shown: the snapshot may have come first.
    if (!copy || this.resource !== resource || this.state.confirmed) return;
    if (status === 'loading' || status === 'error') this.state.load(copy);
  }

  private keepCopy(): void {
    const userId = this.gateway.currentUserId();
    const board = this.state.confirmed;
    if (userId && board) void this.gateway.copy?.keepBoard(userId, board);
  }

  private dropCopy(boardId: string): void {
    const userId = this.gateway.currentUserId();
    if (userId) void this.gateway.copy?.dropBoard(userId, boardId);
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
      this.dropCopy(board.board.id);
      return;
    }
    const unknownRow = cameBack(board, change);
    this.state.applyNews(change);
    this.keepSoon ??= setTimeout(() => {
      this.keepSoon = null;
      this.keepCopy();
    }, KEEP_AFTER_NEWS_MS);
    // A card or list restored from the archive (or moved here from another board) arrives as
    // an UPDATE of a row this board does not hold: the row alone lacks its cards, labels,
    // subtasks and comments, so the board is loaded again (the snapshot leaves archived rows out).
    if (unknownRow) this.reload();
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

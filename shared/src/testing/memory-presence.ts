// Presence without a server, for component tests: every connection of one memory presence
// shares its rooms, as clients of one Realtime server do, so a test can let another member
// open the board or a card and leave again. Exported from @taskflow/shared/testing only.
import type { SessionUser } from '../kernel/session/session';
import { PresenceStore } from '../features/presence/presence-store';
import type { PresenceMeta, PresenceTransport } from '../features/presence/presence-store';
import { createStateCell } from '../kernel/state/state-cell';

export interface MemoryPresence {
  /** The page's store over the memory rooms, signed in as `signIn` says. */
  store: PresenceStore;
  signIn(user: SessionUser | null): void;
  /** Another member's tab: enters the board's room as `meta.user_id`, seeing who is there. */
  visit(
    boardId: string,
    meta: PresenceMeta,
    onState?: (state: Record<string, PresenceMeta[]>) => void,
  ): { track(meta: PresenceMeta): void; close(): void };
  /** What the room holds now, by user id: lets a test wait until the page has announced itself. */
  roomState(boardId: string): Record<string, PresenceMeta[]>;
}

export const createMemoryPresence = (): MemoryPresence => {
  /** board → connection → its user id and latest meta. */
  const rooms = new Map<string, Map<object, { userId: string; meta: PresenceMeta | null }>>();
  const listeners = new Map<object, (state: Record<string, PresenceMeta[]>) => void>();

  const roomState = (boardId: string) => {
    const state: Record<string, PresenceMeta[]> = {};
    for (const { userId, meta } of rooms.get(boardId)?.values() ?? [])
      if (meta) (state[userId] ??= []).push(meta);
    return state;
  };

  const publish = (boardId: string) => {
    const state = roomState(boardId);
    for (const key of rooms.get(boardId)?.keys() ?? []) listeners.get(key)?.({ ...state });
  };

  const transport: PresenceTransport = (boardId, userId, onState) => {
    const key = {};
    let room = rooms.get(boardId);
    if (!room) {
      room = new Map();
      rooms.set(boardId, room);
    }
    room.set(key, { userId, meta: null });
    listeners.set(key, onState);
    publish(boardId);
    return {
      track(meta) {
        const entry = rooms.get(boardId)?.get(key);
        if (!entry) return;
        entry.meta = meta;
        publish(boardId);
      },
      close() {
        rooms.get(boardId)?.delete(key);
        listeners.delete(key);
        publish(boardId);
      },
    };
  };

  const user = createStateCell<SessionUser | null>(null);
  return {
    store: new PresenceStore(transport, user.value$),
    signIn: (next) => user.set(next),
    visit(boardId, meta, onState = () => undefined) {
      const connection = transport(boardId, meta.user_id, onState);
      connection.track(meta);
      return connection;
    },
    roomState,
  };
};

import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { PresencePeer, PresenceStore } from './presence-store';

/**
 * The presence hooks over `store`; the factory lets component tests bind them to a store over
 * the memory transport (shared/testing).
 */
export const createPresenceHooks = (store: PresenceStore) => ({
  /** The other members who have the board open right now (the user is on it while mounted). */
  useBoardPresence(boardId: string | null): readonly PresencePeer[] {
    useEffect(() => (boardId ? store.enter(boardId) : undefined), [boardId]);
    useSyncExternalStore(store.subscribe, store.getState);
    return store.peers(boardId);
  },

  /** The other members who have this card open (the user is shown viewing it while mounted). */
  useCardViewers(boardId: string | null, cardId: string | null): readonly PresencePeer[] {
    useEffect(
      () => (boardId && cardId ? store.viewCard(boardId, cardId) : undefined),
      [boardId, cardId],
    );
    const peers = useSyncExternalStore(store.subscribe, store.getState)[boardId ?? ''];
    return useMemo(
      () => (cardId && peers ? peers.filter((p) => p.cardIds.includes(cardId)) : []),
      [peers, cardId],
    );
  },
});

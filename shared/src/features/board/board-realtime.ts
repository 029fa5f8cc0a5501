import { Observable } from 'rxjs';
import { subscribeChanges, type ChangeBinding } from '../../kernel/backend/changes-channel';
import type { ChannelStatus } from '../../kernel/backend/connection';
import type { BoardTable, RowChange } from './row-change';

export type { ChannelStatus };

export type BoardChannelEvent =
  { kind: 'change'; change: RowChange } | { kind: 'status'; status: ChannelStatus };

type Binding = ChangeBinding<BoardTable>;

/**
 * What one board listens to. Tables that carry board_id are filtered by the server; the card
 * children have no board_id, so they arrive for every board the user may see (the server
 * enforces row-level security) and the store ignores cards it does not hold. Deletes carry only
 * the primary key, which a board_id filter cannot match, so they get their own binding.
 */
const bindingsFor = (boardId: string): Binding[] => [
  { table: 'boards', filter: `id=eq.${boardId}` },
  { table: 'board_members', filter: `board_id=eq.${boardId}` },
  { table: 'board_labels', filter: `board_id=eq.${boardId}` },
  { table: 'lists', filter: `board_id=eq.${boardId}` },
  { table: 'cards', filter: `board_id=eq.${boardId}` },
  { table: 'board_members', event: 'DELETE' },
  { table: 'board_labels', event: 'DELETE' },
  { table: 'lists', event: 'DELETE' },
  { table: 'cards', event: 'DELETE' },
  { table: 'card_assignees' },
  { table: 'card_tags' },
  { table: 'card_checklist_items' },
  { table: 'card_comments' },
  // Profiles the user may see (their fellow members'): a renamed member's avatar follows.
  { table: 'profiles', event: 'UPDATE' },
];

/**
 * The realtime stream of one board: every row change, in the order the server delivers them
 * (commit order), plus the channel's status so the store can resynchronise after a gap.
 * Unsubscribing removes the channel (by object, never by name).
 */
export const boardChanges = (boardId: string): Observable<BoardChannelEvent> =>
  new Observable<BoardChannelEvent>((subscriber) => {
    return subscribeChanges(
      `board-${boardId}`,
      bindingsFor(boardId),
      (table, payload) =>
        subscriber.next({
          kind: 'change',
          change: {
            table,
            eventType: payload.eventType,
            new: (payload.new ?? {}) as Record<string, unknown>,
            old: (payload.old ?? {}) as Record<string, unknown>,
          },
        }),
      (status) => subscriber.next({ kind: 'status', status }),
    );
  });

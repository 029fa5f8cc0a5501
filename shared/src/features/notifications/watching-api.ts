import { check, unwrap } from '../../kernel/backend/api-error';
import { getSupabase } from '../../kernel/backend/supabase-client';

/**
 * Watching (supabase/migrations/20261126013000_notifications.sql): a card's own row wins (it may
 * say "stopped"), else the board's watch. The creator, assignees and commenters of a card get
 * its row from the database; here the user sets it by hand. Row-level security keeps each row
 * its user's own.
 */
export interface WatchState {
  /** Whether the user learns of this card's comments, moves and due dates. */
  card: boolean;
  /** Whether the user watches the whole board. */
  board: boolean;
}

export const fetchWatchState = async (boardId: string, cardId: string): Promise<WatchState> => {
  const client = getSupabase();
  const [card, board] = await Promise.all([
    client.from('card_watchers').select('watching').eq('card_id', cardId),
    client.from('board_watchers').select('board_id').eq('board_id', boardId),
  ]);
  const cardRow = (unwrap(card) ?? [])[0];
  const boardWatched = (unwrap(board) ?? []).length > 0;
  return { card: cardRow ? cardRow.watching : boardWatched, board: boardWatched };
};

/**
 * Watches a card or stops (kept as "stopped", so the automatic watch does not return). The row
 * is changed where it exists, else written: a client may change only `watching` of its rows.
 */
export const setCardWatch = async (cardId: string, watching: boolean): Promise<void> => {
  const client = getSupabase();
  const changed = unwrap(
    await client.from('card_watchers').update({ watching }).eq('card_id', cardId).select('card_id'),
  );
  if ((changed ?? []).length === 0)
    check(await client.from('card_watchers').insert({ card_id: cardId, watching }));
};

export const fetchBoardWatch = async (boardId: string): Promise<boolean> =>
  (
    unwrap(await getSupabase().from('board_watchers').select('board_id').eq('board_id', boardId)) ??
    []
  ).length > 0;

export const setBoardWatch = async (boardId: string, watching: boolean): Promise<void> => {
  const client = getSupabase();
  check(
    watching
      ? await client
          .from('board_watchers')
          .upsert({ board_id: boardId }, { ignoreDuplicates: true })
      : await client.from('board_watchers').delete().eq('board_id', boardId),
  );
};

/** How often unread notifications are mailed ('Profil'); the database's default is daily. */
export type DigestFrequency = 'immediate' | 'hourly' | 'daily' | 'never';

export const digestFrequencies: readonly DigestFrequency[] = [
  'immediate',
  'hourly',
  'daily',
  'never',
];

export const fetchDigestFrequency = async (): Promise<DigestFrequency> => {
  const rows = unwrap(await getSupabase().from('notification_settings').select('digest')) ?? [];
  return (rows[0]?.digest as DigestFrequency | undefined) ?? 'daily';
};

export const setDigestFrequency = async (digest: DigestFrequency): Promise<void> => {
  const client = getSupabase();
  const { data } = await client.auth.getSession();
  const userId = data.session?.user.id;
  if (!userId) throw new Error('not signed in');
  check(await client.from('notification_settings').upsert({ user_id: userId, digest }));
};

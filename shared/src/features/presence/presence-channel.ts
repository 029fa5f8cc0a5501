import { boardTopic, joinPrivateTopic } from '../../kernel/backend/private-topic';
import type { PresenceMeta, PresenceTransport } from './presence-store';

/**
 * A board's room on supabase-js presence, as on hosted Supabase: the board's private channel,
 * keyed by the user id (shared with the board's changes: kernel/backend/private-topic.ts).
 * Every successful (re)join tracks the latest meta again: after a reconnect the server has
 * forgotten this tab, and supabase-js does not re-track by itself.
 */
export const supabasePresence: PresenceTransport = (boardId, userId, onState) => {
  let latest: PresenceMeta | null = null;
  let joined = false;
  let topic: ReturnType<typeof joinPrivateTopic> | null = null;

  const track = () => {
    const channel = topic?.channel();
    if (channel && joined && latest) void channel.track(latest);
  };

  topic = joinPrivateTopic(boardTopic(boardId), userId, {
    presence: (channel) =>
      onState(channel.presenceState<PresenceMeta>() as Record<string, PresenceMeta[]>),
    status: (status) => {
      joined = status === 'SUBSCRIBED';
      track();
    },
  });

  return {
    track(meta) {
      latest = meta;
      track();
    },
    close: () => topic?.leave(),
  };
};

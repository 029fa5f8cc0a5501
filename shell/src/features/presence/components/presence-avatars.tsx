import {
  Avatar,
  displayName,
  selectMemberProfiles,
  t,
  useBoardPresence,
  type BoardData,
} from '@taskflow/shared';

/** More would crowd the header on a phone; the rest are counted. */
const MAX_SHOWN = 4;

/**
 * The other members who have this board open right now, each with a green dot so they read as
 * "here", apart from the member list beside them. Names come from the board's member profiles
 * (the colour is the member's, as everywhere), or from what the peer announced while their
 * profile is still loading.
 */
export const PresenceAvatars = ({ data }: { data: BoardData }) => {
  const peers = useBoardPresence(data.board.id);
  const profiles = selectMemberProfiles(data);
  if (peers.length === 0) return null;
  const hidden = peers.length - MAX_SHOWN;
  return (
    <div
      role="group"
      aria-label={t('presence.onBoard')}
      title={t('presence.onBoard')}
      className="flex items-center"
    >
      {peers.slice(0, MAX_SHOWN).map((peer) => {
        const profile = profiles[peer.userId];
        return (
          <span key={peer.userId} className="relative">
            <Avatar
              name={(profile && displayName(profile)) || peer.name}
              index={profile?.index ?? 0}
              size="sm"
            />
            <span
              aria-hidden="true"
              className="absolute -bottom-0.5 -right-0.5 h-2.5 w-2.5 rounded-full bg-emerald-400 ring-2 ring-white"
            />
          </span>
        );
      })}
      {hidden > 0 ? (
        <span
          role="img"
          aria-label={t('presence.others', { count: hidden })}
          title={t('presence.others', { count: hidden })}
          className="inline-flex h-6 w-6 items-center justify-center rounded-full bg-white/30 text-[10px] font-semibold ring-2 ring-white"
        >
          +{hidden}
        </span>
      ) : null}
    </div>
  );
};

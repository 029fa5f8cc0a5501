import { t, useCardViewers, type PresencePeer } from '@taskflow/shared';

/** 'Max Mustermann sieht sich diese Karte gerade an', and its plural forms. */
export const viewersText = (peers: readonly Pick<PresencePeer, 'name'>[]): string => {
  const [first, second, third] = peers.map((peer) => peer.name);
  if (first === undefined) return '';
  if (second === undefined) return t('presence.viewingOne', { name: first });
  if (third === undefined) return t('presence.viewingTwo', { first, second });
  if (peers.length === 3) return t('presence.viewingThree', { first, second, third });
  return t('presence.viewingMany', { first, second, count: peers.length - 2 });
};

/** Who else has this card open right now; nothing while nobody does. */
export const CardViewers = ({ boardId, cardId }: { boardId: string; cardId: string }) => {
  const viewers = useCardViewers(boardId, cardId);
  if (viewers.length === 0) return null;
  return (
    <p
      role="status"
      className="flex items-center gap-2 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
    >
      <span aria-hidden="true" className="h-2 w-2 shrink-0 rounded-full bg-emerald-500" />
      {viewersText(viewers)}
    </p>
  );
};

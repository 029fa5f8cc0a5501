import {
  Button,
  boardsStore,
  loadInvitationCode,
  showToast,
  t,
  type MyInvitation,
} from '@taskflow/shared';
import { useEffect, useState } from 'react';

type Offer =
  | { status: 'loading' }
  | { status: 'none' }
  | { status: 'open'; invitation: MyInvitation; busy: boolean; error: string | null };

/**
 * A board in the address that the user is not on: if they are invited to it (the invitation
 * mail and the bell lead here), 'Annehmen' makes them a member and shows the board, 'Ablehnen'
 * deletes the invitation; otherwise the board is simply not theirs.
 */
export const InvitationOffer = ({ boardId }: { boardId: string }) => {
  const [offer, setOffer] = useState<Offer>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    setOffer({ status: 'loading' });
    void loadInvitationCode()
      .then((code) => code.fetchMyInvitations())
      .then(
        (mine) => {
          if (!current) return;
          const invitation = mine.find((one) => one.board_id === boardId);
          setOffer(
            invitation
              ? { status: 'open', invitation, busy: false, error: null }
              : { status: 'none' },
          );
        },
        () => current && setOffer({ status: 'none' }),
      );
    return () => {
      current = false;
    };
  }, [boardId]);

  if (offer.status === 'loading') return null;
  if (offer.status === 'none')
    return (
      <p role="alert" className="p-8 text-center text-slate-500">
        {t('boards.noAccess')}
      </p>
    );

  const { invitation } = offer;
  const board = invitation.board_title;
  const answer = async (accept: boolean) => {
    setOffer({ ...offer, busy: true, error: null });
    try {
      const code = await loadInvitationCode();
      if (accept) {
        await code.acceptInvitation(boardId);
        // The membership also arrives over the user's channel; asking now shows the board at once.
        await boardsStore.load();
        showToast(t('invitations.accepted', { board }), 'success');
      } else {
        await code.declineInvitation(boardId);
        showToast(t('invitations.declined', { board }), 'success');
        setOffer({ status: 'none' });
      }
    } catch {
      setOffer({ ...offer, busy: false, error: t('invitations.failed') });
    }
  };

  return (
    <section
      aria-labelledby="invitation-title"
      className="flex flex-1 items-center justify-center px-4 py-16"
    >
      <div className="max-w-md text-center">
        <h2 id="invitation-title" className="text-2xl font-bold tracking-tight text-slate-900">
          {t('invitations.title', { board })}
        </h2>
        <p className="mt-2 text-slate-500">
          {t('invitations.from', { inviter: invitation.inviter_name || t('invitations.someone') })}
        </p>
        {offer.error ? (
          <p role="alert" className="mt-4 text-sm text-red-700">
            {offer.error}
          </p>
        ) : null}
        <Button className="mt-6" disabled={offer.busy} onClick={() => void answer(true)}>
          {t('invitations.accept')}
        </Button>
        <Button
          className="mt-6 ml-2"
          variant="secondary"
          disabled={offer.busy}
          onClick={() => void answer(false)}
        >
          {t('invitations.decline')}
        </Button>
      </div>
    </section>
  );
};

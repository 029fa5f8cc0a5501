import {
  ApiError,
  currentUser,
  fetchInvitations,
  selectMembers,
  showToast,
  t,
  useBoard,
  boardStore,
  withdrawInvitation,
  type PendingInvitation,
} from '@taskflow/shared';
import { useCallback, useEffect, useMemo, useState } from 'react';

/** The team of a board and the owner's commands, with the spec's messages (§5, §8). */
export const useTeam = (boardId: string) => {
  const board = useBoard(boardId);
  const data = board.data;
  const me = currentUser();
  const members = useMemo(() => (data ? selectMembers(data) : []), [data]);
  const isOwner = !!data && !!me && data.board.owner_id === me.id;
  const [inviteError, setInviteError] = useState<string | null>(null);
  const [inviting, setInviting] = useState(false);
  const [invitations, setInvitations] = useState<PendingInvitation[]>([]);
  const [invitationsError, setInvitationsError] = useState(false);

  // The owner's pending invitations (row-level security shows them to no one else).
  const loadInvitations = useCallback(async () => {
    try {
      setInvitations(await fetchInvitations(boardId));
      setInvitationsError(false);
    } catch {
      setInvitationsError(true);
    }
  }, [boardId]);
  useEffect(() => {
    if (isOwner) void loadInvitations();
  }, [isOwner, loadInvitations]);

  const invite = async (email: string): Promise<boolean> => {
    const address = email.trim().toLowerCase();
    if (!address || inviting) return false;
    setInviting(true);
    setInviteError(null);
    try {
      const result = await boardStore.inviteMember(address);
      if (result?.status === 'invited') {
        showToast(t('team.invited', { email: result.email }), 'success');
        void loadInvitations();
        return true;
      }
      const reason =
        result?.status === 'already_member'
          ? t('team.alreadyMember')
          : t('auth.errors.invalidEmail');
      setInviteError(`${t('team.inviteFailed')} ${reason}`);
      return false;
    } catch (error) {
      // 429: too many invitations this hour (the database's invitation limit).
      const reason =
        error instanceof ApiError && error.status === 429
          ? t('team.tooManyInvitations')
          : error instanceof Error
            ? error.message
            : '';
      setInviteError(`${t('team.inviteFailed')} ${reason}`.trim());
      return false;
    } finally {
      setInviting(false);
    }
  };

  /** Removes a member; the caller has asked first (ConfirmDialog in team-management.tsx). */
  const remove = async (memberId: string): Promise<void> => {
    if (await boardStore.removeMember(memberId)) showToast(t('team.removed'), 'success');
  };

  const withdraw = async (invitation: PendingInvitation): Promise<void> => {
    try {
      await withdrawInvitation(invitation.id);
      showToast(t('team.withdrawn', { email: invitation.email }), 'success');
    } catch (error) {
      showToast(error instanceof Error ? error.message : t('team.inviteFailed'), 'error');
    }
    await loadInvitations();
  };

  return {
    status: board.status,
    members,
    me,
    isOwner,
    invite,
    inviting,
    inviteError,
    remove,
    invitations,
    invitationsError,
    withdraw,
  };
};

import { check, unwrap } from '../../kernel/backend/api-error';
import { getSupabase } from '../../kernel/backend/supabase-client';

/** An invitation of the signed-in user, with what they may not read otherwise (not a member yet). */
export interface MyInvitation {
  board_id: string;
  board_title: string;
  inviter_name: string | null;
  created_at: string;
}

/** The pending invitations of the user's confirmed address (public.my_board_invitations). */
export const fetchMyInvitations = async (): Promise<MyInvitation[]> =>
  (unwrap(await getSupabase().rpc('my_board_invitations')) ?? []) as MyInvitation[];

/** Accepts: the user becomes a member of the board (PT404, HTTP 404, once it is gone). */
export const acceptInvitation = async (boardId: string): Promise<void> => {
  unwrap(await getSupabase().rpc('accept_board_invitation', { p_board_id: boardId }));
};

/** Declines: the invitation is deleted under the invitee's own policy. */
export const declineInvitation = async (boardId: string): Promise<void> =>
  check(await getSupabase().from('board_invitations').delete().eq('board_id', boardId));

import type { SupabaseClient } from '@supabase/supabase-js';
import { must } from './rows.ts';

/**
 * Makes someone a member the way the app does since invitations need consent: the owner
 * invites the address, the invitee accepts.
 */
export const addMember = async (
  owner: SupabaseClient,
  boardId: string,
  invitee: { client: SupabaseClient; email: string },
): Promise<void> => {
  const invited = must(
    await owner.rpc('invite_board_member', { p_board_id: boardId, p_email: invitee.email }),
  );
  if ((invited as { status?: string }).status !== 'invited')
    throw new Error(`not invited: ${JSON.stringify(invited)}`);
  must(await invitee.client.rpc('accept_board_invitation', { p_board_id: boardId }));
};

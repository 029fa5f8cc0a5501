import type { Profile } from '../../../domain/types';
import { getSupabase } from '../../../kernel/backend/supabase-client';
import { check, unwrap } from '../../../kernel/backend/api-error';

/** Registered or not, an address is answered 'invited': the answer tells nobody who has an account. */
export type InviteResult =
  /** A pending invitation was stored and is mailed; the person accepts it or registers. */
  | { status: 'invited'; email: string }
  | { status: 'invalid_email' }
  | { status: 'not_found' }
  | { status: 'already_member' };

/** A pending invitation, as the board's owner reads them. */
export interface PendingInvitation {
  id: string;
  email: string;
  created_at: string;
}

/** E-mail is trimmed and lower-cased (docs/product-spec.md §5); the function answers without exposing users. */
export const inviteMemberByEmail = async (boardId: string, email: string): Promise<InviteResult> =>
  unwrap(
    await getSupabase().rpc('invite_board_member', {
      p_board_id: boardId,
      p_email: email.trim().toLowerCase(),
    }),
  ) as unknown as InviteResult;

export const deleteMemberRow = async (memberId: string): Promise<void> =>
  check(await getSupabase().from('board_members').delete().eq('id', memberId));

export const fetchProfile = async (userId: string): Promise<Profile | null> =>
  unwrap(
    await getSupabase()
      .from('profiles')
      .select('id,full_name,email')
      .eq('id', userId)
      .maybeSingle(),
  );

/** The board's pending invitations, oldest first; row-level security shows them to the owner only. */
export const fetchInvitations = async (boardId: string): Promise<PendingInvitation[]> =>
  unwrap(
    await getSupabase()
      .from('board_invitations')
      .select('id,email,created_at')
      .eq('board_id', boardId)
      .order('created_at'),
  );

/** Withdraws an invitation: the address can no longer accept it or become a member by registering. */
export const withdrawInvitation = async (invitationId: string): Promise<void> =>
  check(await getSupabase().from('board_invitations').delete().eq('id', invitationId));

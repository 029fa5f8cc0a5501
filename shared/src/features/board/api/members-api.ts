import type { BoardMember, Profile } from '../../../domain/types';
import { getSupabase } from '../../../kernel/backend/supabase-client';
import { check, unwrap } from '../../../kernel/backend/api-error';

export type InviteResult =
  { status: 'added'; member: BoardMember } | { status: 'not_found' } | { status: 'already_member' };

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

import type { TablesInsert } from '../backend/database.types';
import type { CardComment } from '../domain/types';
import { getSupabase } from '../backend/supabase-client';
import { check, unwrap } from './api-error';

export const insertComment = async (comment: TablesInsert<'card_comments'>): Promise<CardComment> =>
  unwrap(await getSupabase().from('card_comments').insert(comment).select().single());

/** Only the author's change is accepted (RLS); the server stamps edited_at. */
export const updateCommentRow = async (commentId: string, text: string): Promise<CardComment> =>
  unwrap(
    await getSupabase()
      .from('card_comments')
      .update({ text })
      .eq('id', commentId)
      .select()
      .single(),
  );

export const deleteCommentRow = async (commentId: string): Promise<void> =>
  check(await getSupabase().from('card_comments').delete().eq('id', commentId));

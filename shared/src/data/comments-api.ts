import type { CardComment } from '../domain/types';
import { getSupabase } from '../backend/supabase-client';
import { unwrap } from './api-error';

export const insertComment = async (comment: {
  id: string;
  card_id: string;
  user_id: string;
  text: string;
}): Promise<CardComment> =>
  unwrap(await getSupabase().from('card_comments').insert(comment).select().single());

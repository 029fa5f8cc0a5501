import type { TablesInsert } from '../backend/database.types';
import type { CardComment } from '../domain/types';
import { getSupabase } from '../backend/supabase-client';
import { unwrap } from './api-error';

export const insertComment = async (comment: TablesInsert<'card_comments'>): Promise<CardComment> =>
  unwrap(await getSupabase().from('card_comments').insert(comment).select().single());

import { z } from 'zod';
import { getSupabase } from '../backend/supabase-client';
import { normalizePriority } from '../domain/priority';
import { unwrap } from '../data/api-error';

/**
 * One row of `my_tasks()` (supabase/migrations/20261124000500_my_tasks.sql), as the RPC returns
 * it. The generated type cannot say which columns may be null (a function's result columns all
 * come out non-null), so the rows are checked here once, at the edge, and typed by the schema.
 */
const myTaskSchema = z.object({
  kind: z.enum(['card', 'subtask']),
  card_id: z.string(),
  card_title: z.string(),
  subtask_id: z.string().nullable(),
  subtask_title: z.string().nullable(),
  board_id: z.string(),
  board_title: z.string(),
  list_id: z.string(),
  list_title: z.string(),
  // An unknown priority shows as 'medium', as everywhere else.
  priority: z.string().transform(normalizePriority),
  due_date: z.string().nullable(),
});

export type MyTask = z.infer<typeof myTaskSchema>;

/** A task's stable identity: a card and its subtasks may all be assigned to the same user. */
export const myTaskKey = (task: Pick<MyTask, 'kind' | 'card_id' | 'subtask_id'>): string =>
  task.kind === 'card' ? `card:${task.card_id}` : `subtask:${task.subtask_id ?? ''}`;

/** Every card and open subtask assigned to the signed-in user, across their boards: one call. */
export const fetchMyTasks = async (): Promise<MyTask[]> =>
  z.array(myTaskSchema).parse(unwrap(await getSupabase().rpc('my_tasks')) ?? []);

import { getSupabase } from '../../kernel/backend/supabase-client';
import type { Database } from '../../kernel/backend/database.types';
import { normalizePriority } from '../../domain/priority';
import type { Priority } from '../../domain/types';
import { unwrap } from '../../kernel/backend/api-error';

type MyTaskRow = Database['public']['CompositeTypes']['my_task'];

/**
 * One row of `my_tasks()` (supabase/migrations/20261124000500_my_tasks.sql). The generated
 * composite type marks every column nullable (Postgres cannot say otherwise for a row type);
 * the function guarantees the ids and titles, so only the optional columns stay nullable here.
 * Mapped by hand rather than by a schema library: this runs on every board's first load, and a
 * validator in the shared bundle would cost the first screen its weight (e2e/delivery budget).
 */
export interface MyTask {
  kind: 'card' | 'subtask';
  card_id: string;
  card_title: string;
  subtask_id: string | null;
  subtask_title: string | null;
  board_id: string;
  board_title: string;
  list_id: string;
  list_title: string;
  priority: Priority;
  due_date: string | null;
}

const toMyTask = (row: MyTaskRow): MyTask => ({
  kind: row.kind === 'subtask' ? 'subtask' : 'card',
  card_id: row.card_id ?? '',
  card_title: row.card_title ?? '',
  subtask_id: row.subtask_id,
  subtask_title: row.subtask_title,
  board_id: row.board_id ?? '',
  board_title: row.board_title ?? '',
  list_id: row.list_id ?? '',
  list_title: row.list_title ?? '',
  // An unknown priority shows as 'medium', as everywhere else.
  priority: normalizePriority(row.priority),
  due_date: row.due_date,
});

/** A task's stable identity: a card and its subtasks may all be assigned to the same user. */
export const myTaskKey = (task: Pick<MyTask, 'kind' | 'card_id' | 'subtask_id'>): string =>
  task.kind === 'card' ? `card:${task.card_id}` : `subtask:${task.subtask_id ?? ''}`;

/** Every card and open subtask assigned to the signed-in user, across their boards: one call. */
export const fetchMyTasks = async (): Promise<MyTask[]> =>
  (unwrap(await getSupabase().rpc('my_tasks')) ?? []).map(toMyTask);

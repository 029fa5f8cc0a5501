import {
  formatDate,
  priorityBadge,
  priorityName,
  t,
  type MyTask,
  type MyTaskGroupKey,
} from '@taskflow/shared';

export interface TaskEntryProps {
  task: MyTask;
  group: MyTaskGroupKey;
  onOpen: (task: MyTask) => void;
}

/** One card or subtask: what it is, where it lives, how urgent it is and when it is due. */
export const TaskEntry = ({ task, group, onOpen }: TaskEntryProps) => {
  const title =
    task.kind === 'subtask' ? task.subtask_title || t('myTasks.untitledSubtask') : task.card_title;
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(task)}
        // Named by what it shows, title first: an aria-label that left out the shown place, urgency
        // and date contradicted the visible text (axe label-content-name-mismatch).
        className="flex w-full flex-col gap-1 rounded-lg border border-slate-200 bg-white px-3 py-2 text-left hover:border-indigo-300 hover:bg-indigo-50/40 focus-visible:outline-2 focus-visible:outline-indigo-500"
      >
        <span className="text-sm font-medium text-slate-900">{title}</span>
        {task.kind === 'subtask' ? (
          <span className="text-xs text-slate-500">
            {t('myTasks.subtaskOf', { card: task.card_title })}
          </span>
        ) : null}
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
          <span>{t('myTasks.where', { board: task.board_title, list: task.list_title })}</span>
          <span className={`rounded px-1.5 py-0.5 font-medium ${priorityBadge(task.priority)}`}>
            {priorityName(task.priority)}
          </span>
          <span className={group === 'overdue' ? 'font-medium text-rose-700' : undefined}>
            {task.due_date
              ? t('myTasks.due', { date: formatDate(task.due_date) })
              : t('myTasks.noDueDate')}
          </span>
        </span>
      </button>
    </li>
  );
};

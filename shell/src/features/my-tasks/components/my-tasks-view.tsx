import { Button, Modal, myTaskKey, t, useMyTasks, type MyTask } from '@taskflow/shared';
import { NotificationsOptIn } from './notifications-opt-in';
import { TaskEntry } from './task-entry';

export interface MyTasksViewProps {
  /** Opens the task's card on its board (the view closes). */
  onOpenTask: (task: MyTask) => void;
  onClose: () => void;
}

/** 'Meine Aufgaben': every card and open subtask assigned to the user, grouped by due date. */
export const MyTasksView = ({ onOpenTask, onClose }: MyTasksViewProps) => {
  const myTasks = useMyTasks();
  const groups = myTasks.groups.filter((group) => group.tasks.length > 0);

  return (
    <Modal title={t('myTasks.title')} onClose={onClose} size="lg">
      <div className="space-y-5">
        <NotificationsOptIn />
        {myTasks.status === 'idle' || myTasks.status === 'loading' ? (
          <p className="text-sm text-slate-500">{t('myTasks.loading')}</p>
        ) : null}
        {myTasks.status === 'error' ? (
          <div className="space-y-2">
            <p className="text-sm text-slate-600">{t('myTasks.loadError')}</p>
            <Button size="sm" variant="secondary" onClick={myTasks.retry}>
              {t('myTasks.retry')}
            </Button>
          </div>
        ) : null}
        {myTasks.status === 'ready' && groups.length === 0 ? (
          <div className="rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center">
            <p className="font-medium text-slate-700">{t('myTasks.empty')}</p>
            <p className="mt-1 text-sm text-slate-500">{t('myTasks.emptyHint')}</p>
          </div>
        ) : null}
        {groups.map((group) => (
          <section key={group.key} aria-labelledby={`my-tasks-${group.key}`}>
            <h3
              id={`my-tasks-${group.key}`}
              className={`mb-2 text-sm font-semibold ${
                group.key === 'overdue' ? 'text-rose-700' : 'text-slate-700'
              }`}
            >
              {t(`myTasks.groups.${group.key}`)}{' '}
              <span className="font-normal text-slate-500">({group.tasks.length})</span>
            </h3>
            <ul className="space-y-2">
              {group.tasks.map((task) => (
                <TaskEntry
                  key={myTaskKey(task)}
                  task={task}
                  group={group.key}
                  onOpen={onOpenTask}
                />
              ))}
            </ul>
          </section>
        ))}
      </div>
    </Modal>
  );
};

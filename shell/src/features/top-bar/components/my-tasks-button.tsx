import { Button, StrokeIcon, t, taskCount } from '@taskflow/shared';

export interface MyTasksButtonProps {
  /** Tasks overdue or due today: the badge's number; no badge at 0. */
  dueCount: number;
  onOpen: () => void;
}

const ChecklistIcon = () => (
  <StrokeIcon>
    <path
      d="m3.5 5.5 1.5 1.5 2.5-3M3.5 13.5l1.5 1.5 2.5-3M10 5.5h6.5M10 13.5h6.5"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </StrokeIcon>
);

/** 'Meine Aufgaben' in the top bar; the badge counts what is overdue or due today. */
export const MyTasksButton = ({ dueCount, onOpen }: MyTasksButtonProps) => (
  <Button
    size="sm"
    variant="ghost"
    className="relative shrink-0"
    onClick={onOpen}
    // The badge is a number only; the name says what it counts.
    aria-label={
      dueCount > 0 ? t('myTasks.openWithDue', { tasks: taskCount(dueCount) }) : t('myTasks.open')
    }
    title={t('myTasks.open')}
  >
    <ChecklistIcon />
    <span className="max-lg:hidden">{t('myTasks.open')}</span>
    {dueCount > 0 ? (
      <span
        aria-hidden="true"
        data-testid="my-tasks-badge"
        className="min-w-5 rounded-full bg-rose-600 px-1.5 text-center text-xs font-semibold text-white"
      >
        {dueCount > 99 ? '99+' : dueCount}
      </span>
    ) : null}
  </Button>
);

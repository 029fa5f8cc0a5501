import {
  MemberOptions,
  Select,
  priorities,
  priorityName,
  t,
  type BoardMember,
  type CardFilters,
  type Priority,
} from '@taskflow/shared';

interface FilterBarProps {
  filters: CardFilters;
  members: readonly BoardMember[];
  onAssigneeChange: (userId: string) => void;
  onPriorityChange: (priority: Priority | '') => void;
  onReset: () => void;
}

export const FilterBar = ({
  filters,
  members,
  onAssigneeChange,
  onPriorityChange,
  onReset,
}: FilterBarProps) => (
  <div
    role="region"
    aria-label={t('topBar.filter')}
    className="flex flex-wrap items-center gap-2 border-b border-slate-200 bg-white/80 px-4 py-2"
  >
    <Select
      size="sm"
      aria-label={t('filters.assignee')}
      className="text-slate-700"
      value={filters.assigneeId}
      onChange={(event) => onAssigneeChange(event.target.value)}
    >
      <MemberOptions members={members} emptyLabel={t('filters.allPeople')} />
    </Select>
    <Select
      size="sm"
      aria-label={t('filters.priority')}
      className="text-slate-700"
      value={filters.priority}
      onChange={(event) => onPriorityChange(event.target.value as Priority | '')}
    >
      <option value="">{t('filters.allPriorities')}</option>
      {priorities.map((priority) => (
        <option key={priority} value={priority}>
          {priorityName(priority)}
        </option>
      ))}
    </Select>
    <button
      type="button"
      onClick={onReset}
      className="rounded-lg px-3 py-1.5 text-sm font-medium text-indigo-600 hover:bg-indigo-50"
    >
      {t('filters.reset')}
    </button>
  </div>
);

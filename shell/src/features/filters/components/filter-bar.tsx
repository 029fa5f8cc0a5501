import {
  displayName,
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

const selectClass =
  'rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-700 shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/20';

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
    <select
      aria-label={t('filters.assignee')}
      className={selectClass}
      value={filters.assigneeId}
      onChange={(event) => onAssigneeChange(event.target.value)}
    >
      <option value="">{t('filters.allPeople')}</option>
      {members.map((member) => (
        <option key={member.user_id} value={member.user_id}>
          {displayName(member.profile ?? undefined) || member.user_id}
        </option>
      ))}
    </select>
    <select
      aria-label={t('filters.priority')}
      className={selectClass}
      value={filters.priority}
      onChange={(event) => onPriorityChange(event.target.value as Priority | '')}
    >
      <option value="">{t('filters.allPriorities')}</option>
      {priorities.map((priority) => (
        <option key={priority} value={priority}>
          {priorityName(priority)}
        </option>
      ))}
    </select>
    <button
      type="button"
      onClick={onReset}
      className="rounded-lg px-3 py-1.5 text-sm font-medium text-indigo-600 hover:bg-indigo-50"
    >
      {t('filters.reset')}
    </button>
  </div>
);

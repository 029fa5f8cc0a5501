import {
  MemberOptions,
  Select,
  TextInput,
  priorities,
  priorityName,
  t,
  type BoardMember,
  type CardFilters,
  type Priority,
} from '@taskflow/shared';

interface FilterBarProps {
  filters: CardFilters;
  /** Given on a phone, where the search box moves out of the top bar into this panel. */
  onSearchChange?: (search: string) => void;
  members: readonly BoardMember[];
  onAssigneeChange: (userId: string) => void;
  onPriorityChange: (priority: Priority | '') => void;
  onReset: () => void;
}

export const FilterBar = ({
  filters,
  onSearchChange,
  members,
  onAssigneeChange,
  onPriorityChange,
  onReset,
}: FilterBarProps) => (
  <div
    role="region"
    aria-label={t('topBar.filter')}
    className="flex flex-wrap items-center gap-2 border-b border-slate-200 bg-white/80 px-3 py-2 sm:px-4"
  >
    {onSearchChange ? (
      <TextInput
        size="sm"
        variant="filled"
        type="search"
        value={filters.search}
        onChange={(event) => onSearchChange(event.target.value)}
        placeholder={t('topBar.search')}
        aria-label={t('topBar.search')}
        className="w-full text-slate-900"
      />
    ) : null}
    <Select
      size="sm"
      aria-label={t('filters.assignee')}
      className="min-w-0 text-slate-700 max-sm:flex-1"
      value={filters.assigneeId}
      onChange={(event) => onAssigneeChange(event.target.value)}
    >
      <MemberOptions members={members} emptyLabel={t('filters.allPeople')} />
    </Select>
    <Select
      size="sm"
      aria-label={t('filters.priority')}
      className="min-w-0 text-slate-700 max-sm:flex-1"
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
      className="min-h-10 rounded-lg px-3 py-1.5 text-sm font-medium text-indigo-600 hover:bg-indigo-50 sm:min-h-0"
    >
      {t('filters.reset')}
    </button>
  </div>
);

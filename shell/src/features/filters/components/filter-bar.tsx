import {
  MemberOptions,
  Select,
  TextInput,
  dueFilters,
  priorities,
  priorityName,
  t,
  type BoardLabel,
  type BoardMember,
  type CardFilters,
  type DueFilter,
  type Priority,
} from '@taskflow/shared';

interface FilterBarProps {
  filters: CardFilters;
  /** Given on a phone, where the search box moves out of the top bar into this panel. */
  onSearchChange?: (search: string) => void;
  members: readonly BoardMember[];
  onAssigneeChange: (userId: string) => void;
  onPriorityChange: (priority: Priority | '') => void;
  /** The board's labels, in its order. */
  labels: readonly BoardLabel[];
  onLabelChange: (labelId: string) => void;
  onDueChange: (due: DueFilter | '') => void;
  onReset: () => void;
}

// On a phone two selects share a row, each wide enough for its longest option.
const selectClass = 'min-w-0 text-slate-700 max-sm:grow max-sm:basis-[calc(50%-0.25rem)]';

export const FilterBar = ({
  filters,
  onSearchChange,
  members,
  onAssigneeChange,
  onPriorityChange,
  labels,
  onLabelChange,
  onDueChange,
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
      className={selectClass}
      value={filters.assigneeId}
      onChange={(event) => onAssigneeChange(event.target.value)}
    >
      <MemberOptions members={members} emptyLabel={t('filters.allPeople')} />
    </Select>
    <Select
      size="sm"
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
    </Select>
    <Select
      size="sm"
      aria-label={t('filters.label')}
      className={selectClass}
      value={filters.labelId}
      onChange={(event) => onLabelChange(event.target.value)}
    >
      <option value="">{t('filters.allLabels')}</option>
      {labels.map((label) => (
        <option key={label.id} value={label.id}>
          {label.name}
        </option>
      ))}
    </Select>
    <Select
      size="sm"
      aria-label={t('filters.due')}
      className={selectClass}
      value={filters.due}
      onChange={(event) => onDueChange(event.target.value as DueFilter | '')}
    >
      <option value="">{t('filters.allDue')}</option>
      {dueFilters.map((due) => (
        <option key={due} value={due}>
          {t(`filters.dueOptions.${due}`)}
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

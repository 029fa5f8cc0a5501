import {
  activeFilterCount,
  emptyFilters,
  filtersForBoard,
  type BoardLabel,
  type BoardMember,
  type CardFilters,
  type DueFilter,
  type Priority,
} from '@taskflow/shared';
import { useCallback, useMemo, useState } from 'react';

/**
 * Search and filter state of the shell; the board remote receives it as props. What is chosen
 * stays across board switches, but applies to a board only as far as its members allow.
 */
export const useCardFilters = (members: readonly BoardMember[], labels: readonly BoardLabel[]) => {
  const [chosen, setFilters] = useState<CardFilters>(emptyFilters);
  const filters = useMemo(
    () =>
      filtersForBoard(
        chosen,
        members.map((member) => member.user_id),
        labels.map((label) => label.id),
      ),
    [chosen, members, labels],
  );
  const [open, setOpen] = useState(false);

  const setSearch = useCallback(
    (search: string) => setFilters((current) => ({ ...current, search })),
    [],
  );
  const setAssignee = useCallback(
    (assigneeId: string) => setFilters((current) => ({ ...current, assigneeId })),
    [],
  );
  const setPriority = useCallback(
    (priority: Priority | '') => setFilters((current) => ({ ...current, priority })),
    [],
  );
  const setLabel = useCallback(
    (labelId: string) => setFilters((current) => ({ ...current, labelId })),
    [],
  );
  const setDue = useCallback(
    (due: DueFilter | '') => setFilters((current) => ({ ...current, due })),
    [],
  );
  const reset = useCallback(() => setFilters(emptyFilters), []);
  const toggle = useCallback(() => setOpen((current) => !current), []);
  // The search counts too: on a phone it sits behind the Filter button, out of sight.
  const activeCount = activeFilterCount(filters);

  return {
    filters,
    open,
    activeCount,
    setSearch,
    setAssignee,
    setPriority,
    setLabel,
    setDue,
    reset,
    toggle,
  };
};

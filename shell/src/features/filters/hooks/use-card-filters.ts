import {
  emptyFilters,
  filtersForBoard,
  type BoardMember,
  type CardFilters,
  type Priority,
} from '@taskflow/shared';
import { useCallback, useMemo, useState } from 'react';

/**
 * Search and filter state of the shell; the board remote receives it as props. What is chosen
 * stays across board switches, but applies to a board only as far as its members allow.
 */
export const useCardFilters = (members: readonly BoardMember[]) => {
  const [chosen, setFilters] = useState<CardFilters>(emptyFilters);
  const filters = useMemo(
    () =>
      filtersForBoard(
        chosen,
        members.map((member) => member.user_id),
      ),
    [chosen, members],
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
  const reset = useCallback(() => setFilters(emptyFilters), []);
  const toggle = useCallback(() => setOpen((current) => !current), []);
  // The search counts too: on a phone it sits behind the Filter button, out of sight.
  const activeCount = useMemo(
    () =>
      (filters.search.trim() ? 1 : 0) + (filters.assigneeId ? 1 : 0) + (filters.priority ? 1 : 0),
    [filters.search, filters.assigneeId, filters.priority],
  );

  return { filters, open, activeCount, setSearch, setAssignee, setPriority, reset, toggle };
};

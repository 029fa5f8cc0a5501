import type { Card, Priority } from './types';
import { normalizePriority } from './priority';

export interface CardFilters {
  /** Free text matched against title and description, case-insensitive. */
  search: string;
  /** A user id, or '' for everybody. */
  assigneeId: string;
  /** A priority, or '' for every priority. */
  priority: Priority | '';
}

export const emptyFilters: CardFilters = { search: '', assigneeId: '', priority: '' };

export const hasActiveFilters = (filters: CardFilters): boolean =>
  filters.search.trim() !== '' || filters.assigneeId !== '' || filters.priority !== '';

/** Search, assignee and priority combine with AND (spec §5). */
export const matchesFilters = (
  card: Pick<Card, 'title' | 'description' | 'assignee_ids' | 'priority'>,
  filters: CardFilters,
): boolean => {
  const needle = filters.search.trim().toLocaleLowerCase('de-DE');
  if (needle) {
    const haystack = `${card.title}\n${card.description ?? ''}`.toLocaleLowerCase('de-DE');
    if (!haystack.includes(needle)) return false;
  }
  if (filters.assigneeId && !card.assignee_ids.includes(filters.assigneeId)) return false;
  if (filters.priority && normalizePriority(card.priority) !== filters.priority) return false;
  return true;
};

/**
 * The filters as they apply to one board: a person chosen on another board who is no member here
 * filters nothing (else every card would vanish while the dropdown shows 'Alle Personen').
 */
export const filtersForBoard = (filters: CardFilters, memberIds: readonly string[]): CardFilters =>
  filters.assigneeId && !memberIds.includes(filters.assigneeId)
    ? { ...filters, assigneeId: '' }
    : filters;

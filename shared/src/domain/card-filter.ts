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

/**
 * A card's searchable text, lower-cased once per card object: the board's cards are immutable
 * (a change replaces the object), and lower-casing 4,000 cards on every keystroke cost a frame.
 * Plain toLowerCase: Unicode's default case mapping is German's (only Turkish, Azeri and
 * Lithuanian differ), and it is several times faster than toLocaleLowerCase('de-DE').
 */
const haystacks = new WeakMap<object, string>();
const haystackOf = (card: Pick<Card, 'title' | 'description'>): string => {
  let haystack = haystacks.get(card);
  if (haystack === undefined) {
    haystack = `${card.title}\n${card.description ?? ''}`.toLowerCase();
    haystacks.set(card, haystack);
  }
  return haystack;
};

/** The search as matched: the last one is kept, as every card of the board asks for it. */
let lastSearch = { search: '', needle: '' };
const needleOf = (search: string): string => {
  if (lastSearch.search !== search) {
    lastSearch = { search, needle: search.trim().toLowerCase() };
  }
  return lastSearch.needle;
};

/** Search, assignee and priority combine with AND (docs/product-spec.md §5). */
export const matchesFilters = (
  card: Pick<Card, 'title' | 'description' | 'assignee_ids' | 'priority'>,
  filters: CardFilters,
): boolean => {
  const needle = needleOf(filters.search);
  if (needle) {
    if (!haystackOf(card).includes(needle)) return false;
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

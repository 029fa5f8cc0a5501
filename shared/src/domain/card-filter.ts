import type { Card, Priority } from './types';
import { endOfWeek, localDateKey, startOfWeek } from './dates';
import { hasMentions, renderMentions, type MentionNames } from './mentions';
import { normalizePriority } from './priority';

/** The due-date windows a board can be filtered by. */
export const dueFilters = ['overdue', 'today', 'thisWeek', 'noDate'] as const;
export type DueFilter = (typeof dueFilters)[number];

export interface CardFilters {
  /**
   * Free text matched against title and description, case-insensitive; a mention matches by
   * the member's current name, never by the stored id.
   */
  search: string;
  /** A user id, or '' for everybody. */
  assigneeId: string;
  /** A priority, or '' for every priority. */
  priority: Priority | '';
  /** A label id of the board, or '' for every label. */
  labelId: string;
  /** A due-date window, or '' for any due date. */
  due: DueFilter | '';
}

export const emptyFilters: CardFilters = {
  search: '',
  assigneeId: '',
  priority: '',
  labelId: '',
  due: '',
};

/** How many filters are set, the search included (the Filter button's badge). */
export const activeFilterCount = (filters: CardFilters): number =>
  (filters.search.trim() ? 1 : 0) +
  [filters.assigneeId, filters.priority, filters.labelId, filters.due].filter(Boolean).length;

export const hasActiveFilters = (filters: CardFilters): boolean => activeFilterCount(filters) > 0;

/**
 * A card's searchable text, lower-cased once per card object: the board's cards are immutable
 * (a change replaces the object), and lower-casing 4,000 cards on every keystroke cost a frame.
 * Plain toLowerCase: Unicode's default case mapping is German's (only Turkish, Azeri and
 * Lithuanian differ), and it is several times faster than toLocaleLowerCase('de-DE').
 * Mentions are written as the members' names: such a text is kept with the names it was
 * written with, and written again when they change (a new `nameOf`).
 */
const haystacks = new WeakMap<object, string>();
const mentionHaystacks = new WeakMap<object, { nameOf: MentionNames; haystack: string }>();
const plainHaystackOf = (card: Pick<Card, 'title' | 'description'>): string => {
  let haystack = haystacks.get(card);
  if (haystack === undefined) {
    haystack = `${card.title}\n${card.description ?? ''}`;
    if (!hasMentions(haystack)) haystack = haystack.toLowerCase();
    haystacks.set(card, haystack);
  }
  return haystack;
};
const haystackOf = (
  card: Pick<Card, 'title' | 'description'>,
  nameOf: MentionNames | undefined,
): string => {
  const haystack = plainHaystackOf(card);
  // Texts without mentions were stored lower-cased; one with a mention keeps its tokens.
  if (!hasMentions(haystack)) return haystack;
  const names = nameOf ?? (() => undefined);
  const known = mentionHaystacks.get(card);
  if (known && known.nameOf === names) return known.haystack;
  const written = renderMentions(haystack, names).toLowerCase();
  mentionHaystacks.set(card, { nameOf: names, haystack: written });
  return written;
};

/**
 * Lower-cases the searchable text of `cards` ahead of a search, a slice at a time while the
 * page is idle: the first key typed into the search then only compares (on a 10,000-card board
 * lower-casing every card took a frame of its own). Returns a function that stops it; without
 * requestIdleCallback nothing is done ahead, the search does it when asked.
 */
export const prepareSearch = (
  cards: readonly Pick<Card, 'title' | 'description'>[],
): (() => void) => {
  if (typeof requestIdleCallback !== 'function') return () => {};
  let next = 0;
  let id = 0;
  const work = (deadline: IdleDeadline) => {
    while (next < cards.length && deadline.timeRemaining() > 1) {
      const end = Math.min(cards.length, next + 200);
      for (; next < end; next += 1) plainHaystackOf(cards[next]!);
    }
    if (next < cards.length) id = requestIdleCallback(work);
  };
  id = requestIdleCallback(work);
  return () => cancelIdleCallback(id);
};

/** The search as matched: the last one is kept, as every card of the board asks for it. */
let lastSearch = { search: '', needle: '' };
const needleOf = (search: string): string => {
  if (lastSearch.search !== search) {
    lastSearch = { search, needle: search.trim().toLowerCase() };
  }
  return lastSearch.needle;
};

/** This week's first and last day for `today`: the last one is kept, as every card asks. */
let lastWeek = { today: '', start: '', end: '' };
const weekOf = (today: string) => {
  if (lastWeek.today !== today) {
    lastWeek = { today, start: startOfWeek(today), end: endOfWeek(today) };
  }
  return lastWeek;
};

/**
 * Whether a due date lies in a window, `today` being the viewer's local calendar date. Due
 * dates are calendar dates, compared as text ('2026-11-23'); 'Diese Woche' is the whole German
 * week, Monday to Sunday, so it holds this week's overdue cards too.
 */
export const dueMatches = (
  dueDate: string | null | undefined,
  due: DueFilter,
  today: string,
): boolean => {
  const day = dueDate ? dueDate.slice(0, 10) : '';
  if (due === 'noDate') return day === '';
  if (!day) return false;
  if (due === 'overdue') return day < today;
  if (due === 'today') return day === today;
  const week = weekOf(today);
  return week.start <= day && day <= week.end;
};

/**
 * Search, assignee, priority, label and due date combine with AND (docs/product-spec.md §5).
 * `today` is the viewer's local calendar date (the board passes one for all its cards);
 * `nameOf` names the board's members for mentions (pass the same function while the names stay).
 */
export const matchesFilters = (
  card: Pick<
    Card,
    'title' | 'description' | 'assignee_ids' | 'priority' | 'label_ids' | 'due_date'
  >,
  filters: CardFilters,
  today?: string,
  nameOf?: MentionNames,
): boolean => {
  const needle = needleOf(filters.search);
  if (needle) {
    if (!haystackOf(card, nameOf).includes(needle)) return false;
  }
  if (filters.assigneeId && !card.assignee_ids.includes(filters.assigneeId)) return false;
  if (filters.priority && normalizePriority(card.priority) !== filters.priority) return false;
  if (filters.labelId && !card.label_ids.includes(filters.labelId)) return false;
  if (filters.due && !dueMatches(card.due_date, filters.due, today ?? localDateKey())) return false;
  return true;
};

/**
 * The filters as they apply to one board: a person chosen on another board who is no member
 * here, or a label of another board, filters nothing (else every card would vanish while the
 * dropdown shows 'Alle Personen' or 'Alle Labels').
 */
export const filtersForBoard = (
  filters: CardFilters,
  memberIds: readonly string[],
  labelIds: readonly string[],
): CardFilters => {
  const person = filters.assigneeId && !memberIds.includes(filters.assigneeId);
  const label = filters.labelId && !labelIds.includes(filters.labelId);
  if (!person && !label) return filters;
  return {
    ...filters,
    ...(person ? { assigneeId: '' } : {}),
    ...(label ? { labelId: '' } : {}),
  };
};

import {
  displayName,
  localDateKey,
  matchesFilters,
  prepareSearch,
  selectCardsByList,
  selectLists,
  selectMemberProfiles,
  useBoard,
  type BoardLabel,
  type BoardList,
  type Card,
  type CardFilters,
  type MemberProfile,
} from '@taskflow/shared';
import { useEffect, useMemo, useRef } from 'react';

export interface Column {
  list: BoardList;
  cards: Card[];
  /** All cards of the list, before filtering, in order (the header counts them). */
  all: Card[];
  total: number;
}

const sameItems = <T>(a: readonly T[], b: readonly T[]) =>
  a.length === b.length && a.every((item, i) => item === b[i]);

/**
 * Keeps the previous value while it is equal by content, so that memoised children see the
 * same reference. For the small lookups (labels, member profiles) a JSON comparison is cheap.
 */
const useStableByContent = <T>(value: T): T => {
  const previous = useRef<{ key: string; value: T } | null>(null);
  const key = JSON.stringify(value);
  if (previous.current?.key !== key) previous.current = { key, value };
  return previous.current.value;
};

/**
 * The board's lists with the cards that pass the shell's search and filters.
 *
 * Why the references are kept: a realtime change or an edit replaces the board object, and
 * with it every derived array. A column whose list and cards are unchanged keeps its previous
 * object here, so its memoised ListColumn and tiles do not render again: one changed card
 * re-renders one column, not 4,000 tiles.
 */
export const useBoardColumns = (boardId: string, filters: CardFilters) => {
  const board = useBoard(boardId);
  const data = board.data;
  const cache = useRef(new Map<string, Column>());
  // The filter the cached columns were made with: while it holds, a list whose array the store
  // kept (selectCardsByList keeps those a change did not touch) keeps its column unfiltered
  // again, so a drop on a 10,000-card board filters two lists, not five.
  const cachedFilter = useRef<unknown[]>([]);
  // The due-date filter's 'today', the viewer's calendar date: read on each render, so the
  // first render after midnight filters by the new day.
  const today = localDateKey();
  // The board's cards made ready for a search while the page is idle (each card once: a card
  // already prepared is skipped, so this is cheap after an edit).
  useEffect(() => {
    if (!data) return undefined;
    return prepareSearch(Object.values(selectCardsByList(data)).flat());
  }, [data]);
  const profiles = useStableByContent<Record<string, MemberProfile>>(
    data ? selectMemberProfiles(data) : {},
  );
  // The search finds a mention by the member's name: one function per set of names, so the
  // filter's cached texts are written again only when a name changes.
  const nameOf = useMemo(
    () => (userId: string) => (profiles[userId] ? displayName(profiles[userId]) : undefined),
    [profiles],
  );
  const columns = useMemo<Column[]>(() => {
    if (!data) return [];
    const cardsByList = selectCardsByList(data);
    const next = new Map<string, Column>();
    const filter = [filters, today, nameOf];
    const sameFilter = filter.every((part, i) => part === cachedFilter.current[i]);
    cachedFilter.current = filter;
    const result = selectLists(data).map((list) => {
      const all = cardsByList[list.id] ?? [];
      const before = cache.current.get(list.id);
      if (sameFilter && before?.list === list && before.all === all) {
        next.set(list.id, before);
        return before;
      }
      const cards = all.filter((c) => matchesFilters(c, filters, today, nameOf));
      const column =
        before &&
        before.list === list &&
        sameItems(before.all, all) &&
        sameItems(before.cards, cards)
          ? before
          : { list, cards, all, total: all.length };
      next.set(list.id, column);
      return column;
    });
    cache.current = next;
    return result;
  }, [data, filters, today, nameOf]);
  const labels = useStableByContent<Record<string, BoardLabel>>(
    Object.fromEntries((data?.labels ?? []).map((label) => [label.id, label])),
  );
  return { status: board.status, data, columns, profiles, labels };
};

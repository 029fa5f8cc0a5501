import { useMemo, useRef } from 'react';
import { navigate, usePathname, useSearch } from 'wouter/use-browser-location';
import {
  boardPath,
  cardPath,
  placeOf,
  underBase,
  viewOf,
  withView,
  type RouteView,
} from './routes';

/** What a history entry this app pushed remembers: the address it was opened from. */
interface PushedEntry {
  taskflowFrom: string;
}

const openedFrom = (state: unknown): string | null =>
  typeof state === 'object' && state !== null && 'taskflowFrom' in state
    ? String((state as PushedEntry).taskflowFrom)
    : null;

/** The place the address names, and the ways to go elsewhere. */
export interface AppRoute {
  boardId: string | null;
  cardId: string | null;
  view: RouteView | null;
  /** Another board, a new history entry (Back returns to the one before). */
  openBoard(boardId: string): void;
  /** The board the app chose itself (the first visit's, the remembered one): no entry. */
  showBoard(boardId: string): void;
  /** A card (on this board or another), a new history entry: Back closes it. */
  openCard(cardId: string, boardId?: string): void;
  /** The archive, 'Meine Aufgaben', the shortcut help: a new history entry. */
  openView(view: RouteView): void;
  /**
   * Closes the card or view: back in history when it was opened from this board's page, so Back
   * after closing does not open it again; otherwise (a link opened in a new tab) the board's
   * page replaces it.
   */
  close(): void;
  /** The base, with no history entry (sign-out: the next user starts at their own board). */
  leave(): void;
}

/** The app's base path, '/' unless built for a sub-path (vite.config.ts). */
const base = import.meta.env.BASE_URL;

/**
 * The route as the shell reads it: wouter's History API binding (`wouter/use-browser-location`:
 * one subscription to popstate and to pushState/replaceState, read through
 * useSyncExternalStore), matched by routes.ts. Only the shell reads the address: the remotes get
 * ids and callbacks through their contracts (shared/src/contracts/remotes.ts).
 */
export const useAppRoute = (): AppRoute => {
  const pathname = usePathname();
  const search = useSearch();
  const { boardId, cardId } = placeOf(pathname, base);
  const view = viewOf(search);
  // The functions stay the same across navigations (the board's columns get openCard and must
  // not re-render for every card opened); they read the address as it is when called.
  const now = useRef({ here: `${pathname}${search}`, boardId });
  now.current = { here: `${pathname}${search}`, boardId };

  const moves = useMemo(() => {
    const go = (path: string, replace = false) => {
      const to = underBase(path, base);
      if (replace) navigate(to, { replace });
      // A history entry that remembers where it was opened from (close() goes back to it).
      else if (to !== now.current.here) {
        navigate(to, { state: { taskflowFrom: now.current.here } satisfies PushedEntry });
      }
    };
    const boardOrRoot = () => (now.current.boardId ? boardPath(now.current.boardId) : '/');
    return {
      openBoard: (id: string) => go(boardPath(id)),
      showBoard: (id: string) =>
        navigate(
          `${underBase(boardPath(id), base)}${globalThis.location.search}${globalThis.location.hash}`,
          { replace: true },
        ),
      openCard: (card: string, board = now.current.boardId ?? undefined) => {
        if (board) go(cardPath(board, card));
      },
      openView: (next: RouteView) => go(withView(boardOrRoot(), next)),
      close: () => {
        const target = underBase(boardOrRoot(), base);
        if (openedFrom(globalThis.history.state) === target) globalThis.history.back();
        else navigate(target, { replace: true });
      },
      leave: () => go('/', true),
    };
  }, []);

  return useMemo(() => ({ boardId, cardId, view, ...moves }), [boardId, cardId, view, moves]);
};

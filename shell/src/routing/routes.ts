// The app's addresses (README: Links to boards and cards): what is in the URL, and the URL of
// each place. Pure, so the rules are tested without a browser; use-app-route.ts binds them to
// the browser's location.

/** Views over the board a user may send as a link: a search parameter, the board stays. */
export type RouteView = 'archive' | 'myTasks' | 'shortcuts';

/** The search parameter and its German values, as a user reads them in the address bar. */
export const viewParameter = 'ansicht';
const viewNames: Record<RouteView, string> = {
  archive: 'archiv',
  myTasks: 'meine-aufgaben',
  shortcuts: 'tastenkuerzel',
};

export const boardPath = (boardId: string): string => `/b/${encodeURIComponent(boardId)}`;

export const cardPath = (boardId: string, cardId: string): string =>
  `${boardPath(boardId)}/c/${encodeURIComponent(cardId)}`;

/** The view a search string names; anything else in it (supabase-js's `?code=`) is not ours. */
export const viewOf = (search: string): RouteView | null => {
  const name = new URLSearchParams(search).get(viewParameter);
  const found = Object.entries(viewNames).find(([, value]) => value === name);
  return found ? (found[0] as RouteView) : null;
};

/** A path with the view's parameter, or without one. */
export const withView = (path: string, view: RouteView | null): string =>
  view ? `${path}?${viewParameter}=${viewNames[view]}` : path;

/**
 * The card's address to copy or send: absolute, under the app's base (`origin` and `base` as
 * the page has them, e.g. 'https://taskflow.example' and '/').
 */
export const cardUrl = (origin: string, base: string, boardId: string, cardId: string): string =>
  `${origin}${underBase(cardPath(boardId, cardId), base)}`;

/** The board and card a path names (under `base`); nulls for any other path. */
export const placeOf = (
  pathname: string,
  base: string,
): { boardId: string | null; cardId: string | null } => {
  const prefix = base.endsWith('/') ? base : `${base}/`;
  const match = pathname.startsWith(prefix)
    ? /^b\/([^/]+)(?:\/c\/([^/]+))?\/?$/.exec(pathname.slice(prefix.length))
    : null;
  const decode = (part: string | undefined) => (part ? decodeURIComponent(part) : null);
  return { boardId: decode(match?.[1]), cardId: decode(match?.[2]) };
};

/** The address of a path under the app's base ('/b/1' under '/app/' is '/app/b/1'). */
export const underBase = (path: string, base: string): string =>
  `${base.replace(/\/$/, '')}${path}`;

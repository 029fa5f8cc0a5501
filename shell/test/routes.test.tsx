import { act, render, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { boardPath, cardPath, cardUrl, placeOf, viewOf, withView } from '../src/routing/routes';
import { useAppRoute, type AppRoute } from '../src/routing/use-app-route';

describe('the addresses', () => {
  it('name a board and a card on it', () => {
    expect(boardPath('b1')).toBe('/b/b1');
    expect(cardPath('b1', 'c1')).toBe('/b/b1/c/c1');
    expect(cardUrl('https://taskflow.example', '/', 'b1', 'c1')).toBe(
      'https://taskflow.example/b/b1/c/c1',
    );
    expect(cardUrl('https://x.example', '/app/', 'b1', 'c1')).toBe(
      'https://x.example/app/b/b1/c/c1',
    );
  });

  it('read board and card from a path under the base, and nothing from another path', () => {
    expect(placeOf('/b/b1', '/')).toEqual({ boardId: 'b1', cardId: null });
    expect(placeOf('/b/b1/c/c1', '/')).toEqual({ boardId: 'b1', cardId: 'c1' });
    expect(placeOf('/app/b/b1/', '/app/')).toEqual({ boardId: 'b1', cardId: null });
    expect(placeOf('/', '/')).toEqual({ boardId: null, cardId: null });
    expect(placeOf('/b/b1/x', '/')).toEqual({ boardId: null, cardId: null });
    expect(placeOf('/other/b/b1', '/app/')).toEqual({ boardId: null, cardId: null });
  });

  it('put the archive, my tasks and the help in a German search parameter, ignoring others', () => {
    expect(withView('/b/b1', 'archive')).toBe('/b/b1?ansicht=archiv');
    expect(withView('/b/b1', 'myTasks')).toBe('/b/b1?ansicht=meine-aufgaben');
    expect(withView('/b/b1', null)).toBe('/b/b1');
    expect(viewOf('?ansicht=tastenkuerzel')).toBe('shortcuts');
    expect(viewOf('ansicht=archiv&code=abc')).toBe('archive');
    expect(viewOf('?code=abc')).toBeNull();
    expect(viewOf('?ansicht=unbekannt')).toBeNull();
  });
});

/** Renders the route hook and hands out its latest value. */
const mountRoute = () => {
  const seen: { route: AppRoute | null } = { route: null };
  const Probe = () => {
    seen.route = useAppRoute();
    return null;
  };
  render(<Probe />);
  return () => {
    if (!seen.route) throw new Error('not rendered');
    return seen.route;
  };
};

describe('the route', () => {
  beforeEach(() => {
    history.replaceState(null, '', '/');
  });

  it('reads board, card and view from the address', () => {
    history.replaceState(null, '', '/b/b1/c/c1?ansicht=archiv');
    const route = mountRoute();
    expect(route()).toMatchObject({ boardId: 'b1', cardId: 'c1', view: 'archive' });
  });

  it('opens a card as a history entry: closing it goes back, so Back does not reopen it', async () => {
    history.replaceState(null, '', '/b/b1');
    const route = mountRoute();
    const entries = history.length;
    act(() => route().openCard('c1'));
    expect(location.pathname).toBe('/b/b1/c/c1');
    expect(route().cardId).toBe('c1');
    expect(history.length).toBe(entries + 1);
    act(() => route().close());
    await waitFor(() => expect(location.pathname).toBe('/b/b1'));
    expect(route().cardId).toBeNull();
  });

  it('Back closes the card, then goes to the board before', async () => {
    history.replaceState(null, '', '/b/b1');
    const route = mountRoute();
    act(() => route().openBoard('b2'));
    act(() => route().openCard('c2'));
    expect(route()).toMatchObject({ boardId: 'b2', cardId: 'c2' });
    act(() => history.back());
    await waitFor(() => expect(route().cardId).toBeNull());
    expect(route().boardId).toBe('b2');
    act(() => history.back());
    await waitFor(() => expect(route().boardId).toBe('b1'));
  });

  it('closes a card opened by a link by replacing it with its board', () => {
    history.replaceState(null, '', '/b/b1/c/c1');
    const route = mountRoute();
    const entries = history.length;
    act(() => route().close());
    expect(location.pathname).toBe('/b/b1');
    expect(history.length).toBe(entries);
  });

  it('opens a task on another board as an entry: Back returns to the task list', async () => {
    const route = mountRoute();
    act(() => route().showBoard('b1'));
    expect(location.pathname).toBe('/b/b1');
    act(() => route().openView('myTasks'));
    expect(location.search).toBe('?ansicht=meine-aufgaben');
    act(() => route().openCard('c9', 'b9'));
    expect(`${location.pathname}${location.search}`).toBe('/b/b9/c/c9');
    // Closed, the card was not opened from its board's page: that page replaces it.
    act(() => route().close());
    expect(`${location.pathname}${location.search}`).toBe('/b/b9');
    act(() => history.back());
    await waitFor(() => expect(route().view).toBe('myTasks'));
    expect(route().boardId).toBe('b1');
  });

  it('keeps the hash and query supabase-js reads when it shows the chosen board', () => {
    history.replaceState(null, '', '/?code=abc#access_token=t&type=recovery');
    const route = mountRoute();
    act(() => route().showBoard('b1'));
    expect(location.href).toBe(`${location.origin}/b/b1?code=abc#access_token=t&type=recovery`);
  });
});

import { act, render } from '@testing-library/react';
import type * as Shared from '@taskflow/shared';
import type { Board, BoardsState } from '@taskflow/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppRoute } from '../src/routing/use-app-route';
import { useRouteSelection } from '../src/routing/use-route-selection';

const store = vi.hoisted(() => ({ select: vi.fn() }));

vi.mock('@taskflow/shared', async (importOriginal) => {
  const actual = await importOriginal<typeof Shared>();
  return { ...actual, boardsStore: { select: store.select } };
});

const board = (id: string) => ({ id, title: id }) as Board;

const ready = (ids: string[], selectedId: string | null): BoardsState => ({
  status: 'ready',
  boards: ids.map(board),
  selectedId,
});

/** The shell's pairing of route and store, with the store's state given by the test. */
const mount = (initial: BoardsState) => {
  const seen = { noAccess: false };
  const Probe = ({ boards }: { boards: BoardsState }) => {
    seen.noAccess = useRouteSelection(useAppRoute(), boards).noAccess;
    return null;
  };
  const view = render(<Probe boards={initial} />);
  return {
    seen,
    update: (boards: BoardsState) => act(() => view.rerender(<Probe boards={boards} />)),
  };
};

describe('the address and the selected board', () => {
  beforeEach(() => {
    store.select.mockClear();
    history.replaceState(null, '', '/');
  });

  it('selects the board a link names once the list has it', () => {
    history.replaceState(null, '', '/b/b2/c/c1');
    const { seen, update } = mount({ status: 'loading', boards: [], selectedId: null });
    expect(store.select).not.toHaveBeenCalled();
    update(ready(['b1', 'b2'], 'b1'));
    expect(store.select).toHaveBeenCalledWith('b2');
    expect(seen.noAccess).toBe(false);
    expect(location.pathname).toBe('/b/b2/c/c1');
  });

  it("says when the link's board is not one of the user's, and stays on the link", () => {
    history.replaceState(null, '', '/b/fremd');
    const { seen } = mount(ready(['b1'], 'b1'));
    expect(seen.noAccess).toBe(true);
    expect(store.select).not.toHaveBeenCalled();
    expect(location.pathname).toBe('/b/fremd');
  });

  it("shows the store's board at the root without a history entry", () => {
    const entries = history.length;
    mount(ready(['b1'], 'b1'));
    expect(location.pathname).toBe('/b/b1');
    expect(history.length).toBe(entries);
  });

  it('follows the store to a new board as an entry, and away from a lost one by replacing it', () => {
    history.replaceState(null, '', '/b/b1');
    const { update } = mount(ready(['b1'], 'b1'));
    const entries = history.length;
    update(ready(['b1', 'neu'], 'neu'));
    expect(location.pathname).toBe('/b/neu');
    expect(history.length).toBe(entries + 1);
    update(ready(['b1'], 'b1'));
    expect(location.pathname).toBe('/b/b1');
    expect(history.length).toBe(entries + 1);
    expect(store.select).not.toHaveBeenCalled();
  });
});

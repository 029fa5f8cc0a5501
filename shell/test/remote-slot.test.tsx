import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyFilters } from '@taskflow/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetPrefetches, prefetchRemote } from '../src/remotes/prefetch-remotes';
import { forgetRemoteComponents } from '../src/remotes/remote-slot';
import { BoardColumns, CardDetail, TeamManagement } from '../src/remotes/remote-components';
import { REMOTE_SLOW_MS } from '../src/remotes/load-remote-module';
import { failingRemotes, holdRemote } from './federation-runtime-stub';

// A board on screen prefetches the card and team remotes; each test starts without them.
afterEach(() => {
  vi.useRealTimers();
  failingRemotes.clear();
  forgetPrefetches();
  forgetRemoteComponents();
});

describe('remote slot', () => {
  it('renders the remote component with its props', async () => {
    render(<BoardColumns boardId="b1" filters={emptyFilters} onOpenCard={vi.fn()} />);
    expect((await screen.findByTestId('board-columns-stub')).textContent).toContain('b1');
  });

  it('shows a German fallback when the remote is down, and loads it again on retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    failingRemotes.add('team_remote/TeamManagement');
    render(<TeamManagement boardId="b1" onClose={vi.fn()} />);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Dieser Bereich konnte nicht geladen werden.',
    );
    failingRemotes.clear();
    await userEvent.click(screen.getByRole('button', { name: 'Erneut laden' }));
    expect((await screen.findByTestId('team-stub')).textContent).toBe('b1');
  });

  it('renders a remote from the load its prefetch started', async () => {
    await prefetchRemote('card');
    // Were the slot to load anew, it would fail now.
    failingRemotes.add('card_remote/CardDetail');
    render(<CardDetail boardId="b1" cardId="c1" onClose={vi.fn()} />);
    // At once, without suspending: a fallback would hold the content back (React's throttle).
    expect(screen.getByTestId('card-detail-stub').textContent).toBe('c1');
  });

  it('shows the fallback for a failed prefetch, and a retry loads anew', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    failingRemotes.add('team_remote/TeamManagement');
    await prefetchRemote('team').catch(() => undefined);
    render(<TeamManagement boardId="b2" onClose={vi.fn()} />);
    await screen.findByRole('alert');
    failingRemotes.clear();
    await userEvent.click(screen.getByRole('button', { name: 'Erneut laden' }));
    expect((await screen.findByTestId('team-stub')).textContent).toBe('b2');
  });

  it('on a slow connection, says it is loading and shows the card once it arrives', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const arrive = holdRemote('card_remote/CardDetail');
    render(<CardDetail boardId="b1" cardId="c1" onClose={vi.fn()} />);
    // A modal's slot answers the click at once.
    expect((await screen.findByRole('status')).textContent).toContain('Wird geladen...');
    // Past the time a remote usually takes: it says so, offers a retry, and keeps loading.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(REMOTE_SLOW_MS + 4000);
    });
    expect(screen.getByRole('status').textContent).toContain(
      'Das Laden dauert länger als gewöhnlich.',
    );
    expect(screen.getByRole('button', { name: 'Erneut laden' })).toBeTruthy();
    expect(screen.queryByText('Dieser Bereich konnte nicht geladen werden.')).toBeNull();
    arrive();
    expect((await screen.findByTestId('card-detail-stub')).textContent).toBe('c1');
    expect(screen.queryByRole('status')).toBeNull();
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyFilters } from '@taskflow/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetPrefetches } from '../src/remotes/prefetch-remotes';
import { BoardColumns, TeamManagement } from '../src/remotes/remote-components';
import { failingRemotes } from './federation-runtime-stub';

// A board on screen prefetches the card and team remotes; each test starts without them.
afterEach(() => {
  failingRemotes.clear();
  forgetPrefetches();
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
});

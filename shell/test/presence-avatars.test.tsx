import { act, render, screen, within } from '@testing-library/react';
import { memoryPresence, sampleBoardSnapshot } from '@taskflow/shared/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BoardHeader } from '../src/features/boards/components/board-header';
import { boardWith } from './board-fixture';

vi.mock('@taskflow/shared', async (importOriginal) =>
  (await import('@taskflow/shared/testing')).sharedOnMemoryGateway(await importOriginal()),
);

// The header of board b1, whose members are Anna (signed in here) and Ben.
const data = { ...boardWith(), members: sampleBoardSnapshot().members };
const anna = { id: 'user-anna', email: 'anna@beispiel.de', fullName: 'Anna Schmidt' };
const ben = { user_id: 'user-ben', name: 'Ben Keller', card_id: null };

const here = () => screen.queryByRole('group', { name: 'Gerade auf diesem Board' });

beforeEach(() => memoryPresence().signIn(anna));
afterEach(() => memoryPresence().signIn(null));

describe('who is on the board', () => {
  it('shows another member while they have the board open, never oneself', () => {
    const { unmount } = render(
      <BoardHeader data={data} isOwner onOpenTeam={vi.fn()} onDelete={vi.fn()} />,
    );
    expect(here()).toBeNull();

    let bensTab!: ReturnType<ReturnType<typeof memoryPresence>['visit']>;
    act(() => {
      bensTab = memoryPresence().visit('b1', ben);
    });
    const group = here();
    expect(group).not.toBeNull();
    const avatars = within(group!).getAllByRole('img');
    expect(avatars.map((a) => a.getAttribute('aria-label'))).toEqual(['Ben Keller']);
    expect(avatars[0]!.getAttribute('title')).toBe('Ben Keller');
    expect(avatars[0]!.textContent).toBe('BK');

    // A second tab of Ben's is still one Ben.
    let secondTab!: typeof bensTab;
    act(() => {
      secondTab = memoryPresence().visit('b1', { ...ben, card_id: 'card-drinks' });
    });
    expect(within(here()!).getAllByRole('img')).toHaveLength(1);

    act(() => {
      bensTab.close();
      secondTab.close();
    });
    expect(here()).toBeNull();
    unmount();
  });

  it('ignores members on other boards', () => {
    render(<BoardHeader data={data} isOwner onOpenTeam={vi.fn()} onDelete={vi.fn()} />);
    act(() => {
      memoryPresence().visit('another-board', ben);
    });
    expect(here()).toBeNull();
  });
});

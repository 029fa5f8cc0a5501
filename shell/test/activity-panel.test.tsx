import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memoryActivity } from '@taskflow/shared/testing';
import type { BoardData } from '@taskflow/shared';
import { describe, expect, it, vi } from 'vitest';
import { BoardHeader } from '../src/features/boards/components/board-header';
import { boardWith } from './board-fixture';

vi.mock('@taskflow/shared', async (importOriginal) =>
  (await import('@taskflow/shared/testing')).sharedOnMemoryGateway(await importOriginal()),
);

const data: BoardData = {
  ...boardWith(),
  members: [
    {
      id: 'm1',
      board_id: 'b1',
      user_id: 'u1',
      role: 'owner',
      created_at: '2025-01-01T00:00:00Z',
      profile: { id: 'u1', full_name: 'Max Mustermann', email: 'max@beispiel.de' },
    },
  ],
};

const moved = (id: string, title: string, at: Date) => ({
  id,
  board_id: 'b1',
  card_id: `card-${id}`,
  actor_id: 'u1',
  kind: 'card_moved',
  data: { card_title: title, before_title: 'Zu erledigen', after_title: 'In Arbeit' },
  created_at: at.toISOString(),
});

describe("the board's 'Aktivität' panel", () => {
  it('opens from the header, shows the history live, and closes with Escape', async () => {
    memoryActivity().record(moved('e1', 'Zelt mieten', new Date(Date.now() - 5 * 60_000)));
    render(<BoardHeader data={data} isOwner onOpenTeam={vi.fn()} onDelete={vi.fn()} />);
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Aktivität' }));
    const panel = await screen.findByRole('complementary', { name: 'Aktivität' });
    const list = await within(panel).findByRole('list', { name: 'Aktivität' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Max Mustermann hat die Karte „Zelt mieten“ von „Zu erledigen“ nach „In Arbeit“ verschoben · vor 5 Minuten',
    ]);

    act(() => memoryActivity().record(moved('e2', 'Grill leihen', new Date())));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).getAllByRole('listitem')[0]!.textContent).toContain(
      'Max Mustermann hat die Karte „Grill leihen“ von „Zu erledigen“ nach „In Arbeit“ verschoben · gerade eben',
    );

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('complementary', { name: 'Aktivität' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Aktivität' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
  });
});

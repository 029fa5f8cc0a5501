import { act, render, screen, waitFor, within } from '@testing-library/react';
import { memoryActivity } from '@taskflow/shared/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CardDetail from '../src/card-detail';

vi.mock('@taskflow/shared', async (importOriginal) =>
  (await import('@taskflow/shared/testing')).sharedOnMemoryGateway(await importOriginal()),
);

const { boardStore } = await import('@taskflow/shared');

afterEach(() => boardStore.close());

const entry = (id: string, cardId: string, kind: string, data: Record<string, unknown>) => ({
  id,
  board_id: 'board-1',
  card_id: cardId,
  actor_id: 'user-ben',
  kind,
  data: { card_title: 'Getränke bestellen', ...data },
  created_at: new Date().toISOString(),
});

// The first render of the whole card detail takes seconds on a loaded two-core machine.
describe('card history', { timeout: 20_000 }, () => {
  it("shows the card's own history in German, newest first, and follows new entries live", async () => {
    memoryActivity().record(
      entry('e-1', 'card-drinks', 'card_created', { list_title: 'Zu erledigen' }),
    );
    memoryActivity().record(entry('e-other', 'card-other', 'card_deleted', {}));
    render(<CardDetail boardId="board-1" cardId="card-drinks" onClose={() => {}} />);
    await screen.findByRole('dialog', { name: 'Getränke bestellen' });

    const history = await screen.findByRole('list', { name: 'Verlauf' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Ben Keller hat die Karte in „Zu erledigen“ erstellt · gerade eben']);

    act(() =>
      memoryActivity().record({
        ...entry('e-2', 'card-drinks', 'card_moved', {
          before_title: 'Zu erledigen',
          after_title: 'In Arbeit',
        }),
        created_at: new Date(Date.now() + 1000).toISOString(),
      }),
    );
    await waitFor(() => expect(within(history).getAllByRole('listitem')).toHaveLength(2));
    expect(within(history).getAllByRole('listitem')[0]!.textContent).toBe(
      'Ben Keller hat die Karte von „Zu erledigen“ nach „In Arbeit“ verschoben · gerade eben',
    );
  });

  it('says which texts it keeps, and drops the words of a comment deleted while it is open', async () => {
    memoryActivity().record(
      entry('e-c', 'card-drinks', 'comment_added', { comment_id: 'k-1', after: 'PIN ist 1234' }),
    );
    render(<CardDetail boardId="board-1" cardId="card-drinks" onClose={() => {}} />);
    await screen.findByRole('dialog', { name: 'Getränke bestellen' });
    expect(
      screen.getByText(
        'Der Verlauf zeigt Kommentare und Beschreibungen nur, solange es sie gibt: Gelöschte Kommentare und die Beschreibung endgültig gelöschter Karten verschwinden auch hier.',
      ),
    ).toBeTruthy();
    const history = await screen.findByRole('list', { name: 'Verlauf' });
    await waitFor(() => expect(history.textContent).toContain('PIN ist 1234'));

    act(() =>
      memoryActivity().record({
        ...entry('e-r', 'card-drinks', 'comment_removed', { comment_id: 'k-1' }),
        created_at: new Date(Date.now() + 1000).toISOString(),
      }),
    );
    // The history of this card holds the first test's entries too (one memory backend).
    const lines = () =>
      within(history)
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    await waitFor(() =>
      expect(lines()).toContain('Ben Keller hat einen Kommentar der Karte gelöscht · gerade eben'),
    );
    expect(history.textContent).not.toContain('PIN');
    expect(lines()).toContain(
      'Ben Keller hat die Karte kommentiert (Kommentar gelöscht) · gerade eben',
    );
  });
});

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CardDetail from '../src/card-detail';

vi.mock('@taskflow/shared', async (importOriginal) =>
  (await import('@taskflow/shared/testing')).sharedOnMemoryGateway(await importOriginal()),
);

const { boardStore } = await import('@taskflow/shared');

afterEach(() => boardStore.close());

describe('the label section of a card without labels', () => {
  it('says so and offers to add one', async () => {
    render(<CardDetail boardId="board-1" cardId="card-music" onClose={vi.fn()} />);
    await screen.findByRole('dialog', { name: 'Musik organisieren' });
    expect(screen.getByText('Diese Karte hat noch keine Labels.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '+ Label hinzufügen' }));
    const labels = await screen.findByRole('dialog', { name: 'Labels auswählen' });
    expect(within(labels).getByRole('checkbox', { name: 'Einkauf' })).toBeTruthy();
  });
});

describe('subtasks on a touch screen', () => {
  it('show their delete button without hovering', async () => {
    render(<CardDetail boardId="board-1" cardId="card-drinks" onClose={vi.fn()} />);
    await screen.findByRole('dialog', { name: 'Getränke bestellen' });
    const deleteButtons = screen.getAllByRole('button', { name: 'Unteraufgabe löschen' });
    expect(deleteButtons.length).toBeGreaterThan(0);
    for (const button of deleteButtons) expect(button.className).not.toMatch(/opacity-0/);
  });
});

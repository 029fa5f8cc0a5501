import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CardDetail from '../src/card-detail';

vi.mock('@taskflow/shared', async (importOriginal) =>
  (await import('@taskflow/shared/testing')).sharedOnMemoryGateway(await importOriginal()),
);

const { boardStore } = await import('@taskflow/shared');

beforeEach(async () => {
  render(<CardDetail boardId="board-1" cardId="card-drinks" onClose={vi.fn()} />);
  await screen.findByRole('dialog', { name: 'Getränke bestellen' });
});

afterEach(() => boardStore.close());

// Where the focus goes in the card detail: never to the page's body.
describe('the focus in the card detail', () => {
  it('goes back to the subtask after its editor is saved or cancelled', async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Bestellen' }));
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Bestellen' }));

    await userEvent.click(screen.getByRole('button', { name: 'Bestellen' }));
    await userEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Bestellen' }));
  });

  it("moves to '+ Unteraufgabe hinzufügen' when a subtask is deleted", async () => {
    await userEvent.click(screen.getAllByRole('button', { name: 'Unteraufgabe löschen' })[0]!);
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: '+ Unteraufgabe hinzufügen' }),
    );
  });

  it("moves into the new label form after '+ Neues Label'", async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Labels bearbeiten' }));
    const labels = await screen.findByRole('dialog', { name: 'Labels auswählen' });
    await userEvent.click(within(labels).getByRole('button', { name: '+ Neues Label' }));
    const create = screen.getByRole('dialog', { name: 'Neues Label erstellen' });
    expect(document.activeElement).toBe(within(create).getByRole('textbox', { name: 'Name' }));
  });

  it("lets the keyboard reach and scroll the 'Verlauf'", () => {
    const history = screen.getByRole('region', { name: 'Verlauf' });
    expect(history.tabIndex).toBe(0);
  });
});

import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CardDetail from '../src/card-detail';

vi.mock('@taskflow/shared', async (importOriginal) =>
  (await import('@taskflow/shared/testing')).sharedOnMemoryGateway(await importOriginal()),
);

const { boardStore } = await import('@taskflow/shared');
const { memoryGateway, memoryPresence } = await import('@taskflow/shared/testing');

const descriptionWrites = () =>
  memoryGateway()
    .calls.filter((call) => call.name === 'updateCardRow')
    .map((call) => (call.args[1] as { description?: string }).description)
    .filter((text) => text !== undefined);

/** Another member saves a description: it arrives as realtime brings it. */
const theySave = (description: string) =>
  act(() =>
    memoryGateway().push({
      table: 'cards',
      eventType: 'UPDATE',
      new: { id: 'card-drinks', board_id: 'board-1', list_id: 'list-todo', description },
      old: {},
    }),
  );

beforeEach(async () => {
  memoryPresence().signIn({ id: 'user-anna', email: 'anna@beispiel.de', fullName: 'Anna Schmidt' });
  render(<CardDetail boardId="board-1" cardId="card-drinks" onClose={vi.fn()} />);
  await screen.findByRole('dialog', { name: 'Getränke bestellen' });
  await userEvent.click(screen.getByRole('button', { name: 'Beschreibung bearbeiten' }));
  memoryGateway().calls.length = 0;
});

afterEach(() => {
  boardStore.close();
  memoryPresence().signIn(null);
});

const field = () => screen.getByRole('combobox', { name: 'Beschreibung' }) as HTMLTextAreaElement;

describe('a description another member saves while this user edits it', () => {
  it('is not overwritten: the user is told, sees both, and keeps theirs', async () => {
    await userEvent.type(field(), ' und Wein');
    theySave('Nur Wasser');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Ein anderes Mitglied hat die Beschreibung geändert, während Sie sie bearbeitet haben.',
    );
    expect(alert.textContent).toContain('Nur Wasser');
    expect(field().value).toBe('Wasser, Saft und Limonade und Wein');
    // Leaving the field writes nothing over theirs while the question is open.
    await userEvent.tab();
    expect(descriptionWrites()).not.toContain('Wasser, Saft und Limonade und Wein');

    await userEvent.click(within(alert).getByRole('button', { name: 'Meine behalten' }));
    expect(descriptionWrites().at(-1)).toBe('Wasser, Saft und Limonade und Wein');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('can replace what the user typed', async () => {
    await userEvent.type(field(), ' und Wein');
    theySave('Nur Wasser');
    const alert = await screen.findByRole('alert');
    await userEvent.click(within(alert).getByRole('button', { name: 'Gespeicherte übernehmen' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('card-description').textContent).toBe('Nur Wasser');
    expect(descriptionWrites()).not.toContain('Wasser, Saft und Limonade und Wein');
  });

  it('names the member who has the card open', async () => {
    await waitFor(() =>
      expect(memoryPresence().roomState('board-1')['user-anna']?.[0]?.card_id).toBe('card-drinks'),
    );
    let bens!: ReturnType<ReturnType<typeof memoryPresence>['visit']>;
    act(() => {
      bens = memoryPresence().visit('board-1', {
        user_id: 'user-ben',
        name: 'Ben Keller',
        card_id: 'card-drinks',
      });
    });
    await userEvent.type(field(), ' und Wein');
    theySave('Nur Wasser');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Ben Keller hat die Beschreibung geändert, während Sie sie bearbeitet haben.',
    );
    act(() => bens.close());
  });

  it('is simply taken over while the user has typed nothing', async () => {
    theySave('Nur Wasser');
    expect(field().value).toBe('Nur Wasser');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

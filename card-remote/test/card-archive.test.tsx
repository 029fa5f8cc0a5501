import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memoryGateway } from '@taskflow/shared/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CardDetail from '../src/card-detail';

vi.mock('@taskflow/shared', async (importOriginal) =>
  (await import('@taskflow/shared/testing')).sharedOnMemoryGateway(await importOriginal(), {
    currentUser: () => ({ id: 'user-ben', email: 'ben@beispiel.de', fullName: 'Ben Keller' }),
  }),
);

const { boardStore, selectCardsByList, ToastViewport } = await import('@taskflow/shared');

const writes = () =>
  memoryGateway()
    .calls.filter((call) => call.name === 'updateCardRow')
    .map((call) => call.args[1]);

const onBoard = () =>
  Object.values(selectCardsByList(boardStore.getState().data!))
    .flat()
    .map((card) => card.id);

const onClose = vi.fn();

beforeEach(async () => {
  memoryGateway().calls.length = 0;
  onClose.mockClear();
  render(
    <>
      <CardDetail boardId="board-1" cardId="card-drinks" onClose={onClose} />
      <ToastViewport />
    </>,
  );
  await screen.findByRole('dialog', { name: 'Getränke bestellen' });
});

afterEach(() => boardStore.close());

describe('Archivieren', () => {
  it('takes the card off the board and closes it, with undo one Enter away', async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Archivieren' }));
    expect(onClose).toHaveBeenCalled();
    expect(onBoard()).not.toContain('card-drinks');
    const toast = await screen.findByRole('status');
    expect(toast.textContent).toContain('Karte „Getränke bestellen“ archiviert.');
    expect(document.activeElement).toBe(within(toast).getByRole('button', { name: 'Rückgängig' }));

    await userEvent.keyboard('{Enter}');
    expect(writes()).toEqual([{ archived_at: expect.any(String) }, { archived_at: null }]);
    expect(onBoard()).toContain('card-drinks');
  });
});

describe('archived by another member while open', () => {
  it('says so, instead of that the card does not exist', async () => {
    const stored = boardStore.getState().data!.cards['card-drinks']!;
    act(() => {
      memoryGateway().push({
        table: 'cards',
        eventType: 'UPDATE',
        new: { ...stored, checklist: undefined, archived_at: '2026-11-26T09:00:00Z' },
        old: {},
      });
    });
    expect(
      await screen.findByText('Diese Karte wurde archiviert. Sie finden sie im Archiv des Boards.'),
    ).toBeTruthy();
    expect(screen.queryByText('Diese Aufgabe gibt es nicht mehr.')).toBeNull();
  });
});

describe('Aufgabe löschen', () => {
  it("puts the focus on the toast's 'Rückgängig', so the keyboard alone undoes", async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Aufgabe löschen' }));
    const toast = await screen.findByRole('status');
    expect(document.activeElement).toBe(within(toast).getByRole('button', { name: 'Rückgängig' }));
    await userEvent.keyboard('{Enter}');
    expect(writes()).toEqual([{ deleted_at: expect.any(String) }, { deleted_at: null }]);
    expect(onBoard()).toContain('card-drinks');
  });
});

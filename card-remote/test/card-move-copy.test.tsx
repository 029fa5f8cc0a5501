import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CardDetail from '../src/card-detail';

// The server's part (copy_card, move_card_to_list, another board's lists) is tested against the
// real backend (backend/test/card-copy.test.ts) and in e2e/card-move-copy.test.ts; here the
// dialog's choices and what it asks for.
const server = vi.hoisted(() => ({
  copyCardTo: vi.fn(async (_card: string, _list: string, _top: boolean) => 'card-copy'),
  moveCardTo: vi.fn(async (_card: string, _list: string, _top: boolean) => 'card-moved'),
  fetchBoardLists: vi.fn(async (_board: string) => [
    { id: 'list-ideas', title: 'Ideen' },
    { id: 'list-plan', title: 'Planung' },
  ]),
}));

vi.mock('@taskflow/shared', async (importOriginal) =>
  (await import('@taskflow/shared/testing')).sharedOnMemoryGateway(await importOriginal(), {
    ...server,
    useBoards: () => ({
      status: 'ready',
      selectedId: 'board-1',
      boards: [
        {
          id: 'board-1',
          title: 'Sommerfest',
          owner_id: 'user-anna',
          background: '',
          created_at: '2025-01-01T00:00:00Z',
          archived_at: null,
        },
        {
          id: 'board-2',
          title: 'Weihnachtsfeier',
          owner_id: 'user-anna',
          background: '',
          created_at: '2025-01-02T00:00:00Z',
          archived_at: null,
        },
      ],
    }),
  }),
);

const { boardStore, ToastViewport } = await import('@taskflow/shared');
const { memoryGateway } = await import('@taskflow/shared/testing');

let onClose: ReturnType<typeof vi.fn<() => void>>;

beforeEach(async () => {
  onClose = vi.fn<() => void>();
  render(
    <>
      <CardDetail boardId="board-1" cardId="card-drinks" onClose={onClose} />
      <ToastViewport />
    </>,
  );
  await screen.findByRole('dialog', { name: 'Getränke bestellen' });
  memoryGateway().calls.length = 0;
});

afterEach(() => {
  boardStore.close();
  vi.clearAllMocks();
});

const openTransfer = async (button: string, dialog: string) => {
  await userEvent.click(screen.getByRole('button', { name: button }));
  return within(await screen.findByRole('dialog', { name: dialog }));
};

describe('the card detail', () => {
  it('is named after the card and shows its list as context', () => {
    const detail = screen.getByRole('dialog', { name: 'Getränke bestellen' });
    expect(within(detail).getByRole('heading', { level: 2 }).textContent).toBe(
      'In der Liste „Zu erledigen“',
    );
  });

  it('shows the title in a field that wraps, and keeps it one line', async () => {
    const title = screen.getByRole('textbox', { name: 'Titel' });
    expect(title.tagName).toBe('TEXTAREA');
    await userEvent.clear(title);
    await userEvent.type(title, 'Getränke{Enter}für alle bestellen');
    expect((title as HTMLTextAreaElement).value).toBe('Getränkefür alle bestellen');
  });
});

describe("'Verschieben nach …'", () => {
  it('moves the card to the top of another list of this board through the store', async () => {
    const dialog = await openTransfer('Verschieben nach …', 'Karte verschieben');
    expect(
      (dialog.getByRole('combobox', { name: 'Board' }) as HTMLSelectElement).selectedOptions[0]
        ?.textContent,
    ).toBe('Sommerfest (dieses Board)');
    await userEvent.selectOptions(dialog.getByRole('combobox', { name: 'Liste' }), 'Erledigt');
    await userEvent.click(dialog.getByRole('radio', { name: 'Oben' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Verschieben' }));

    await waitFor(() =>
      expect(memoryGateway().calls).toContainEqual({
        name: 'updateCardRow',
        args: ['card-drinks', expect.objectContaining({ list_id: 'list-done' })],
      }),
    );
    expect(server.moveCardTo).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog', { name: 'Karte verschieben' })).toBeNull();
  });

  it("moves the card to another board's list through the server and closes the card", async () => {
    const dialog = await openTransfer('Verschieben nach …', 'Karte verschieben');
    await userEvent.selectOptions(dialog.getByRole('combobox', { name: 'Board' }), 'board-2');
    await userEvent.selectOptions(
      await dialog.findByRole('combobox', { name: 'Liste' }),
      'Planung',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Verschieben' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(server.fetchBoardLists).toHaveBeenCalledWith('board-2');
    expect(server.moveCardTo).toHaveBeenCalledWith('card-drinks', 'list-plan', false);
    expect(memoryGateway().calls.filter((call) => call.name === 'updateCardRow')).toEqual([]);
  });
});

describe("'Kopieren nach …'", () => {
  it('copies the card to the end of a list of another board', async () => {
    const dialog = await openTransfer('Kopieren nach …', 'Karte kopieren');
    await userEvent.selectOptions(dialog.getByRole('combobox', { name: 'Board' }), 'board-2');
    await dialog.findByRole('combobox', { name: 'Liste' });
    expect((dialog.getByRole('radio', { name: 'Unten' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(dialog.getByRole('button', { name: 'Kopieren' }));

    await waitFor(() =>
      expect(server.copyCardTo).toHaveBeenCalledWith('card-drinks', 'list-ideas', false),
    );
    expect(await screen.findByText('Karte nach „Weihnachtsfeier“ kopiert.')).toBeTruthy();
    // The original stays open.
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says so when the server refuses, and keeps the dialog open', async () => {
    server.copyCardTo.mockRejectedValueOnce(new Error('42501'));
    const dialog = await openTransfer('Kopieren nach …', 'Karte kopieren');
    await userEvent.click(dialog.getByRole('button', { name: 'Kopieren' }));
    expect(await screen.findByText('Die Karte konnte nicht kopiert werden.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Karte kopieren' })).toBeTruthy();
  });
});

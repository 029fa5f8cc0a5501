import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as Shared from '@taskflow/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ArchiveDialog } from '../src/features/archive/components/archive-dialog';

const server = vi.hoisted(() => ({
  fetchArchive: vi.fn(),
  restoreArchived: vi.fn(async () => undefined),
  restoreBoard: vi.fn(async () => true),
  removeBoard: vi.fn(async () => true),
}));

vi.mock('@taskflow/shared', async (importOriginal) => {
  const actual = await importOriginal<typeof Shared>();
  return {
    ...actual,
    fetchArchive: server.fetchArchive,
    restoreArchived: server.restoreArchived,
    boardsStore: { restore: server.restoreBoard, remove: server.removeBoard },
  };
});

const board = (id: string, title: string, owner: string) => ({
  id,
  title,
  owner_id: owner,
  background: '',
  created_at: '2026-11-01T00:00:00Z',
  archived_at: '2026-11-20T10:00:00Z',
});

beforeEach(() => {
  for (const fn of Object.values(server)) fn.mockClear();
  server.fetchArchive.mockResolvedValue({
    cards: [
      { id: 'c1', title: 'Alte Aufgabe', list_id: 'l1', archived_at: '2026-11-24T09:00:00Z' },
    ],
    lists: [],
    boards: [board('b2', 'Sommerfest', 'me'), board('b3', 'Fremdes Board', 'someone')],
    listTitles: { l1: 'Zu erledigen' },
  });
});

const open = async () => {
  const onClose = vi.fn();
  render(<ArchiveDialog boardId="b1" userId="me" onClose={onClose} />);
  await screen.findByText('Alte Aufgabe');
  return onClose;
};

describe('the archive', () => {
  it('lists archived cards with their list and date, and restores one', async () => {
    await open();
    expect(screen.getByText('in „Zu erledigen“ · archiviert am 24.11.2026')).toBeTruthy();
    const lists = screen.getByRole('region', { name: 'Listen' });
    expect(within(lists).getByText('Nichts archiviert.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Wiederherstellen: „Alte Aufgabe“' }));
    expect(server.restoreArchived).toHaveBeenCalledWith('cards', 'c1');
    expect(screen.queryByText('Alte Aufgabe')).toBeNull();
  });

  it('offers the owner alone to restore a board, or destroy it after typing its name', async () => {
    await open();
    const boards = screen.getByRole('region', { name: 'Boards' });
    expect(within(boards).getByText(/Nur der Owner kann/)).toBeTruthy();
    expect(
      within(boards).queryByRole('button', { name: 'Wiederherstellen: „Fremdes Board“' }),
    ).toBeNull();

    await userEvent.click(
      within(boards).getByRole('button', { name: 'Endgültig löschen: Board „Sommerfest“' }),
    );
    const confirm = screen.getByRole('dialog', { name: 'Board „Sommerfest“ endgültig löschen' });
    await userEvent.type(within(confirm).getByRole('textbox'), 'Sommerfest{Enter}');
    expect(server.removeBoard).toHaveBeenCalledWith(expect.objectContaining({ id: 'b2' }));
    await vi.waitFor(() => expect(within(boards).queryByText('Sommerfest')).toBeNull());
  });

  it('restores a board of the owner and closes, the board selected again', async () => {
    const onClose = await open();
    await userEvent.click(screen.getByRole('button', { name: 'Wiederherstellen: „Sommerfest“' }));
    expect(server.restoreBoard).toHaveBeenCalledWith(expect.objectContaining({ id: 'b2' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});

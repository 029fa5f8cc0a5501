import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DeleteBoardDialog } from '../src/features/boards/components/delete-board-dialog';

const board = { id: 'b1', title: 'Sommerfest' };

describe('destroying a board for good', () => {
  it('asks for the name to be typed, and deletes only once it matches', async () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(<DeleteBoardDialog board={board} onConfirm={onConfirm} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Board „Sommerfest“ endgültig löschen' });
    expect(dialog.textContent).toContain('lässt sich nicht rückgängig machen');
    const field = screen.getByRole('textbox', {
      name: 'Zur Bestätigung den Namen des Boards eingeben',
    });
    expect(document.activeElement).toBe(field);
    const destroy = screen.getByRole('button', { name: 'Endgültig löschen' });
    expect((destroy as HTMLButtonElement).disabled).toBe(true);

    await userEvent.type(field, 'Sommerfes{Enter}');
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.type(field, 't');
    expect((destroy as HTMLButtonElement).disabled).toBe(false);
    await userEvent.type(field, '{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('deletes nothing on Abbrechen', async () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(<DeleteBoardDialog board={board} onConfirm={onConfirm} onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

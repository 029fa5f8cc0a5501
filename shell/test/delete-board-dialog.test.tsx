import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DeleteBoardDialog } from '../src/features/boards/components/delete-board-dialog';
import { boardWith } from './board-fixture';

describe('delete-board confirmation', () => {
  it('names the board and its cards, and deletes only on Löschen', async () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(<DeleteBoardDialog data={boardWith(3)} onConfirm={onConfirm} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Board löschen' });
    expect(dialog.textContent).toContain('Board „Sommerfest“ mit 3 Karten endgültig löschen?');
    await userEvent.click(screen.getByRole('button', { name: 'Löschen' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('deletes nothing on Abbrechen, which has the focus', async () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(<DeleteBoardDialog data={boardWith(0)} onConfirm={onConfirm} onClose={onClose} />);
    expect(screen.getByRole('dialog').textContent).toContain(
      'Board „Sommerfest“ mit 0 Karten endgültig löschen?',
    );
    const cancel = screen.getByRole('button', { name: 'Abbrechen' });
    expect(document.activeElement).toBe(cancel);
    await userEvent.click(cancel);
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

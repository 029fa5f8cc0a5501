import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as Shared from '@taskflow/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BoardHeader } from '../src/features/boards/components/board-header';
import { boardWith } from './board-fixture';

const store = vi.hoisted(() => ({ updateBoard: vi.fn(async () => true) }));

vi.mock('@taskflow/shared', async (importOriginal) => {
  const actual = await importOriginal<typeof Shared>();
  return { ...actual, boardStore: { ...actual.boardStore, updateBoard: store.updateBoard } };
});

const data = boardWith();

const renderHeader = (isOwner = true) =>
  render(<BoardHeader data={data} isOwner={isOwner} onOpenTeam={vi.fn()} onDelete={vi.fn()} />);

beforeEach(() => store.updateBoard.mockClear());

describe('board header', () => {
  it('lets the owner rename the board in place with Enter', async () => {
    renderHeader();
    expect(screen.getByRole('heading', { name: 'Sommerfest' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Sommerfest' }));
    const field = screen.getByRole('textbox', { name: 'Name des Boards' });
    await userEvent.clear(field);
    await userEvent.type(field, 'Sommerfest 2026{Enter}');
    expect(store.updateBoard).toHaveBeenCalledWith({ title: 'Sommerfest 2026' });
    expect(screen.queryByRole('textbox', { name: 'Name des Boards' })).toBeNull();
  });

  it('keeps the name on Escape', async () => {
    renderHeader();
    await userEvent.click(screen.getByRole('button', { name: 'Sommerfest' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Name des Boards' }), 'xyz{Escape}');
    expect(store.updateBoard).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Sommerfest' })).toBeTruthy();
  });

  it('offers a palette of eight backgrounds in Board-Einstellungen, saved at once', async () => {
    renderHeader();
    await userEvent.click(screen.getByRole('button', { name: 'Board-Einstellungen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Board-Einstellungen' });
    const options = within(dialog).getAllByRole('radio');
    expect(options.length).toBeGreaterThanOrEqual(8);
    expect((within(dialog).getByRole('radio', { name: 'Blau' }) as HTMLInputElement).checked).toBe(
      true,
    );
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Bernstein' }));
    expect(store.updateBoard).toHaveBeenCalledWith({
      background: 'bg-gradient-to-br from-amber-400 to-orange-600',
    });
  });

  it('offers members neither renaming nor settings', () => {
    renderHeader(false);
    expect(screen.getByRole('heading', { name: 'Sommerfest' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sommerfest' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Board-Einstellungen' })).toBeNull();
  });
});

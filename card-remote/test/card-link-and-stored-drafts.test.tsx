import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as Shared from '@taskflow/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CardDetail from '../src/card-detail';

// 'Link kopieren' with the address the shell hands over, and the unsaved texts of a card kept
// for the tab: a comment being written and a description not yet saved come back when the
// card is opened again (as after a reload), and are gone once sent or saved.
vi.mock('@taskflow/shared', async (importOriginal) => {
  const shared = await (
    await import('@taskflow/shared/testing')
  ).sharedOnMemoryGateway(await importOriginal<typeof Shared>());
  return {
    ...shared,
    currentUser: () => ({ id: 'user-1', email: 'anna@example.com', fullName: 'Anna' }),
  };
});

const { boardStore, ToastViewport } = await import('@taskflow/shared');

const url = 'https://taskflow.example/b/board-1/c/card-drinks';

const open = async (cardUrl?: string) => {
  const view = render(
    <>
      <CardDetail boardId="board-1" cardId="card-drinks" onClose={vi.fn()} cardUrl={cardUrl} />
      <ToastViewport />
    </>,
  );
  await screen.findByRole('dialog', { name: 'Getränke bestellen' });
  return view;
};

beforeEach(() => sessionStorage.clear());
afterEach(() => boardStore.close());

describe("'Link kopieren'", { timeout: 20_000 }, () => {
  it('copies the address it was given and says so', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await open(url);
    await userEvent.click(screen.getByRole('button', { name: 'Link kopieren' }));
    expect(writeText).toHaveBeenCalledWith(url);
    expect((await screen.findByRole('status')).textContent).toContain('Link kopiert');
  });

  it('falls back to a copy command where the Clipboard API is refused', async () => {
    const writeText = vi.fn(async () => Promise.reject(new Error('not allowed')));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const execCommand = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    await open(url);
    await userEvent.click(screen.getByRole('button', { name: 'Link kopieren' }));
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect((await screen.findByRole('status')).textContent).toContain('Link kopiert');
  });

  it('is not offered without an address (a shell without routes)', async () => {
    await open();
    expect(screen.queryByRole('button', { name: 'Link kopieren' })).toBeNull();
  });
});

describe('unsaved texts of a card', { timeout: 20_000 }, () => {
  it('keep a half-typed comment until it is sent', async () => {
    const first = await open(url);
    await userEvent.type(screen.getByLabelText('Kommentar schreiben...'), 'Halb');
    first.unmount();
    boardStore.close();

    const second = await open(url);
    const box = screen.getByLabelText('Kommentar schreiben...');
    expect((box as HTMLInputElement).value).toBe('Halb');
    await userEvent.click(screen.getByRole('button', { name: 'Kommentieren' }));
    expect(await screen.findByText('Halb')).toBeTruthy();
    second.unmount();
    boardStore.close();

    await open(url);
    expect((screen.getByLabelText('Kommentar schreiben...') as HTMLInputElement).value).toBe('');
  });

  it('bring back a description typed before a reload, and forget it once saved', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      sessionStorage.setItem('taskflow.draft.user-1.card-drinks.description', 'Nicht gespeichert');
      await open(url);
      const field = await screen.findByRole('combobox', { name: 'Beschreibung' });
      expect((field as HTMLTextAreaElement).value).toBe('Nicht gespeichert');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1000);
      });
      expect(boardStore.getState().data?.cards['card-drinks']?.description).toBe(
        'Nicht gespeichert',
      );
      expect(sessionStorage.getItem('taskflow.draft.user-1.card-drinks.description')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});

import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../src/testing/component-test-setup';
import { ToastViewport } from '../src/ui/toast-viewport';
import { clearToasts, showToast } from '../src/kernel/toast/toast-store';

const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

afterEach(() => clearToasts());

describe('an undo toast', () => {
  it('takes the focus, so that Enter alone undoes, and hands it back when it goes', async () => {
    render(
      <>
        <button type="button">Vorher</button>
        <main>
          <ToastViewport />
        </main>
      </>,
    );
    screen.getByRole('button', { name: 'Vorher' }).focus();
    const undo = vi.fn();
    act(() => {
      showToast('Aufgabe gelöscht', 'info', {
        action: { label: 'Rückgängig', run: undo },
        focus: true,
      });
    });
    const button = screen.getByRole('button', { name: 'Rückgängig' });
    expect(document.activeElement).toBe(button);
    await userEvent.keyboard('{Enter}');
    expect(undo).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Aufgabe gelöscht')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Vorher' }));
  });

  it('does not go while it has the focus or the pointer, and goes after its time once left', async () => {
    render(
      <>
        <button type="button">Anderswo</button>
        <ToastViewport />
      </>,
    );
    act(() => {
      showToast('Karte archiviert', 'info', {
        action: { label: 'Rückgängig', run: () => undefined },
        focus: true,
        durationMs: 60,
      });
    });
    await wait(150);
    expect(screen.getByText('Karte archiviert')).toBeTruthy();

    // The pointer on it holds it too, after the focus has left.
    await userEvent.hover(screen.getByText('Karte archiviert'));
    screen.getByRole('button', { name: 'Anderswo' }).focus();
    await wait(150);
    expect(screen.getByText('Karte archiviert')).toBeTruthy();

    await userEvent.unhover(screen.getByText('Karte archiviert'));
    await wait(150);
    expect(screen.queryByText('Karte archiviert')).toBeNull();
  });

  it('without focus asked for, leaves the focus where it is and goes after its time', async () => {
    render(
      <>
        <button type="button">Hier</button>
        <ToastViewport />
      </>,
    );
    screen.getByRole('button', { name: 'Hier' }).focus();
    act(() => {
      showToast('Gespeichert', 'success', { durationMs: 40 });
    });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Hier' }));
    await wait(120);
    expect(screen.queryByText('Gespeichert')).toBeNull();
  });
});

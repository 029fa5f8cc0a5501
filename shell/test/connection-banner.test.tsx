import { act, render, screen, waitFor } from '@testing-library/react';
import { memoryGateway } from '@taskflow/shared/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConnectionBanner } from '../src/features/connection/components/connection-banner';

// The banner reads the connection state of a real board store over a memory gateway.
vi.mock('@taskflow/shared', async (importOriginal) =>
  (await import('@taskflow/shared/testing')).sharedOnMemoryGateway(await importOriginal()),
);

const { boardStore } = await import('@taskflow/shared');

const offline =
  'Verbindung unterbrochen – Änderungen werden gesendet, sobald die Verbindung wieder steht.';

afterEach(() => boardStore.close());

describe('connection banner', () => {
  it('appears while the backend is away and goes when it is back', async () => {
    boardStore.open('board-1');
    await waitFor(() => expect(boardStore.getState().status).toBe('ready'));
    render(<ConnectionBanner />);
    expect(screen.queryByRole('status')).toBeNull();

    act(() => memoryGateway().disconnect());
    expect(screen.getByRole('status').textContent).toBe(offline);

    // An edit made meanwhile waits; the banner stays until the connection is back.
    await act(async () => {
      expect(await boardStore.updateCard('card-music', { title: 'Band buchen' })).toBe(true);
    });
    expect(screen.getByRole('status').textContent).toBe(offline);

    await act(async () => memoryGateway().reconnect());
    expect(screen.queryByRole('status')).toBeNull();
    expect(memoryGateway().calls.map((call) => call.name)).toEqual(['updateCardRow']);
  });
});

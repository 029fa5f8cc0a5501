import { render, screen } from '@testing-library/react';
import { emptyFilters } from '@taskflow/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import BoardColumns from '../src/board-columns';

vi.mock('@taskflow/shared', async (importOriginal) =>
  (await import('@taskflow/shared/testing')).sharedOnMemoryGateway(await importOriginal()),
);

const { boardStore } = await import('@taskflow/shared');

afterEach(() => boardStore.close());

describe('a card tile, as a screen reader reads it', () => {
  it('says the title first, then what its labels, counts and colours mean, in German', async () => {
    render(<BoardColumns boardId="board-1" filters={emptyFilters} onOpenCard={vi.fn()} />);
    const drinks = await screen.findByRole('button', { name: /^Getränke bestellen/ });
    // The sample card: label 'Einkauf', high priority, due 20.06.2025 (past), 1 of 2 subtasks
    // done, one comment, assigned to Anna.
    expect(drinks.getAttribute('aria-roledescription')).toBe('verschiebbare Karte');
    const spoken =
      'Getränke bestellen, Labels: Einkauf, Priorität Hoch, fällig am 20.06.2025 überfällig, ' +
      '1 von 2 Unteraufgaben erledigt, 1 Kommentar, zugewiesen an Anna Schmidt';
    expect(screen.getByRole('button', { name: spoken })).toBe(drinks);
  });

  it('shows that a card is overdue in words, not only in red', async () => {
    render(<BoardColumns boardId="board-1" filters={emptyFilters} onOpenCard={vi.fn()} />);
    const drinks = await screen.findByRole('button', { name: /^Getränke bestellen/ });
    expect(drinks.textContent).toContain('20.06.2025 überfällig');
  });
});

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BoardLabel, BoardMember, CardFilters } from '@taskflow/shared';
import { describe, expect, it } from 'vitest';
import { FilterBar } from '../src/features/filters/components/filter-bar';
import { useCardFilters } from '../src/features/filters/hooks/use-card-filters';

const label = (id: string, name: string): BoardLabel => ({
  id,
  board_id: 'b1',
  name,
  color: 'bg-blue-100 text-blue-800',
  created_at: '2025-01-01T00:00:00Z',
  version: 1,
  updated_by: null,
});
const noMembers: BoardMember[] = [];
const boardLabels = [label('l1', 'Einkauf'), label('l2', 'Technik')];

let seen: CardFilters | null = null;

/** The shell's filter state and bar as the main screen wires them. */
const Harness = ({ labels }: { labels: readonly BoardLabel[] }) => {
  const filters = useCardFilters(noMembers, labels);
  seen = filters.filters;
  return (
    <>
      <output aria-label="Aktive Filter">{filters.activeCount}</output>
      <FilterBar
        filters={filters.filters}
        members={noMembers}
        onAssigneeChange={filters.setAssignee}
        onPriorityChange={filters.setPriority}
        labels={labels}
        onLabelChange={filters.setLabel}
        onDueChange={filters.setDue}
        onReset={filters.reset}
      />
    </>
  );
};

describe('filter bar', () => {
  it('filters by one of the board labels and by a due-date window', async () => {
    render(<Harness labels={boardLabels} />);
    const labelSelect = screen.getByRole('combobox', { name: 'Label' });
    expect(
      within(labelSelect)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Alle Labels', 'Einkauf', 'Technik']);
    const dueSelect = screen.getByRole('combobox', { name: 'Fälligkeit' });
    expect(
      within(dueSelect)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Alle Fälligkeiten', 'Überfällig', 'Heute', 'Diese Woche', 'Ohne Datum']);

    await userEvent.selectOptions(labelSelect, 'Technik');
    await userEvent.selectOptions(dueSelect, 'Diese Woche');
    expect(seen).toMatchObject({ labelId: 'l2', due: 'thisWeek' });
    expect(screen.getByRole('status', { name: 'Aktive Filter' }).textContent).toBe('2');

    await userEvent.click(screen.getByRole('button', { name: 'Filter zurücksetzen' }));
    expect(seen).toMatchObject({ labelId: '', due: '' });
    expect((labelSelect as HTMLSelectElement).value).toBe('');
    expect((dueSelect as HTMLSelectElement).value).toBe('');
  });

  it("shows 'Alle Labels' on a board that lacks the chosen label, and keeps it for the next", async () => {
    const { rerender } = render(<Harness labels={boardLabels} />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Label' }), 'Einkauf');
    rerender(<Harness labels={[label('x1', 'Anderes Board')]} />);
    expect(seen?.labelId).toBe('');
    expect(
      (screen.getByRole('combobox', { name: 'Label' }) as HTMLSelectElement).selectedOptions[0]
        ?.textContent,
    ).toBe('Alle Labels');
    rerender(<Harness labels={boardLabels} />);
    expect(seen?.labelId).toBe('l1');
  });
});

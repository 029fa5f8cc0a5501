import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Board } from '@taskflow/shared';
import { describe, expect, it, vi } from 'vitest';
import { TopBar, type TopBarProps } from '../src/features/top-bar/components/top-bar';

const board = (id: string, title: string): Board => ({
  id,
  title,
  owner_id: 'u1',
  background: 'bg-gradient-to-br from-blue-500 to-indigo-600',
  created_at: '2025-01-01T00:00:00Z',
  archived_at: null,
});

const renderTopBar = (overrides: Partial<TopBarProps> = {}) => {
  const props: TopBarProps = {
    email: 'anna@example.de',
    boards: [board('b1', 'Produkt'), board('b2', 'Marketing')],
    selectedBoardId: 'b1',
    onSelectBoard: vi.fn(),
    onNewBoard: vi.fn(),
    search: '',
    onSearchChange: vi.fn(),
    filtersOpen: false,
    activeFilterCount: 0,
    onToggleFilters: vi.fn(),
    onSignOut: vi.fn(),
    ...overrides,
  };
  render(<TopBar {...props} />);
  return props;
};

describe('top bar', () => {
  it('shows the product, the user and the actions', () => {
    renderTopBar();
    expect(screen.getByRole('heading', { name: 'TaskFlow' })).toBeTruthy();
    expect(screen.getByText('anna@example.de')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Neues Board/ })).toBeTruthy();
    expect(screen.getByPlaceholderText('Aufgaben durchsuchen...')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Filter' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Abmelden' })).toBeTruthy();
  });

  it('offers the board selector only when there are boards', () => {
    renderTopBar({ boards: [], selectedBoardId: null });
    expect(screen.queryByRole('combobox', { name: 'Board auswählen' })).toBeNull();
  });

  it('switches boards through the selector', async () => {
    const props = renderTopBar();
    const selector = screen.getByRole('combobox', { name: 'Board auswählen' });
    expect((selector as HTMLInputElement).value).toBe('b1');
    await userEvent.selectOptions(selector, 'Marketing');
    expect(props.onSelectBoard).toHaveBeenCalledWith('b2');
  });

  it('passes the search text on as it is typed', async () => {
    const props = renderTopBar();
    await userEvent.type(screen.getByPlaceholderText('Aufgaben durchsuchen...'), 'A');
    expect(props.onSearchChange).toHaveBeenCalledWith('A');
  });

  it('toggles the filter bar and shows how many filters are active', async () => {
    const props = renderTopBar({ filtersOpen: true, activeFilterCount: 2 });
    const toggle = screen.getByRole('button', { name: /Filter/ });
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(toggle.textContent).toContain('2');
    await userEvent.click(toggle);
    expect(props.onToggleFilters).toHaveBeenCalledTimes(1);
  });

  it('signs out and opens the new-board dialog', async () => {
    const props = renderTopBar();
    await userEvent.click(screen.getByRole('button', { name: 'Abmelden' }));
    await userEvent.click(screen.getByRole('button', { name: /Neues Board/ }));
    expect(props.onSignOut).toHaveBeenCalledTimes(1);
    expect(props.onNewBoard).toHaveBeenCalledTimes(1);
  });
});

describe('top bar on a phone', () => {
  it('keeps the search out of the bar and names the filter button by its count', async () => {
    const onOpenProfile = vi.fn();
    renderTopBar({ compact: true, activeFilterCount: 1, onOpenProfile });
    expect(screen.queryByPlaceholderText('Aufgaben durchsuchen...')).toBeNull();
    expect(screen.getByRole('button', { name: /Filter/ }).textContent).toContain('1');
    await userEvent.click(screen.getByRole('button', { name: 'Profil' }));
    expect(onOpenProfile).toHaveBeenCalledTimes(1);
  });
});

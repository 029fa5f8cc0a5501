import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../src/testing/component-test-setup';
import { AvatarStack } from '../src/ui/avatar';

const people = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    id: `u${i}`,
    name: i === 0 ? 'Max Mustermann' : `Person ${i + 1}`,
    index: i,
  }));

describe('a stack of avatars', () => {
  it('shows everyone up to five, with both initials', () => {
    render(<AvatarStack people={people(5)} />);
    const avatars = screen.getAllByRole('img');
    expect(avatars).toHaveLength(5);
    expect(avatars[0]?.textContent).toBe('MM');
    expect(avatars[0]?.getAttribute('aria-label')).toBe('Max Mustermann');
    expect(screen.queryByText(/^\+/)).toBeNull();
  });

  it('counts the people beyond five in a +N, named for screen readers', () => {
    render(<AvatarStack people={people(8)} />);
    expect(screen.getAllByRole('img')).toHaveLength(6);
    expect(screen.getByRole('img', { name: '3 weitere' }).textContent).toBe('+3');
  });
});

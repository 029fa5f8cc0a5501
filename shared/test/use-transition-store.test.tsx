import { act, render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { useTransitionStore } from '../src/kernel/state/use-transition-store';
import { createStateCell } from '../src/kernel/state/state-cell';

const cell = createStateCell('abgemeldet');
let listening = 0;
const subscribe = (listener: () => void) => {
  listening += 1;
  const stop = cell.subscribe(listener);
  return () => {
    listening -= 1;
    stop();
  };
};
const Status = () => <p>{useTransitionStore(subscribe, cell.get)}</p>;

describe('useTransitionStore', () => {
  it('shows the current value, follows every change and lets go on unmount', () => {
    cell.set('angemeldet');
    const { unmount } = render(<Status />);
    expect(screen.getByText('angemeldet')).toBeTruthy();

    act(() => cell.set('Board geladen'));
    expect(screen.getByText('Board geladen')).toBeTruthy();

    expect(listening).toBe(1);
    unmount();
    expect(listening).toBe(0);
  });

  it('picks up a change made between the first render and the subscription', () => {
    cell.set('vorher');
    // A layout effect runs after the render read the store and before the hook subscribes.
    const ChangeInBetween = () => {
      useLayoutEffect(() => cell.set('nachher'), []);
      return null;
    };
    render(
      <>
        <Status />
        <ChangeInBetween />
      </>,
    );
    expect(screen.getByText('nachher')).toBeTruthy();
  });
});

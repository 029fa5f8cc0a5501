import { startTransition, useEffect, useState } from 'react';

const always = () => true;

/**
 * Reads a store as useSyncExternalStore does, but renders its changes as a transition.
 *
 * Why: the page-level switches (signed in, the boards listed) each render much of the page,
 * and each starts requests of its own (the board list, the board's snapshot). supabase-js sends
 * a request only after its session lock is granted, a task later; a synchronous render runs
 * before that, so the request waited for the whole render (30 ms after sign-in on the 2-core
 * machine). A transition yields to the browser every few milliseconds, so the request goes out
 * first and the render overlaps its round trip.
 */
export const useTransitionStore = <T>(
  subscribe: (listener: () => void) => () => void,
  getState: () => T,
  /** Which changes render as a transition (by default all); the others render at once. */
  inTransition: () => boolean = always,
): T => {
  const [state, setState] = useState(getState);
  useEffect(() => {
    const update = () => {
      if (inTransition()) startTransition(() => setState(getState()));
      else setState(getState());
    };
    // A change between this render and the subscription is picked up here.
    update();
    return subscribe(update);
  }, [subscribe, getState, inTransition]);
  return state;
};

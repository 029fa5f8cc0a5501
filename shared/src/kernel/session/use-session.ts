import { getSessionState, subscribeSession, type SessionState } from './session';
import { useTransitionStore } from '../state/use-transition-store';

/** The auth state; signing in or out re-renders the page as a transition (see the hook). */
export const useSession = (): SessionState => useTransitionStore(subscribeSession, getSessionState);

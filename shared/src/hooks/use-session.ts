import { getSessionState, subscribeSession, type SessionState } from '../auth/session';
import { useTransitionStore } from './use-transition-store';

/** The auth state; signing in or out re-renders the page as a transition (see the hook). */
export const useSession = (): SessionState => useTransitionStore(subscribeSession, getSessionState);

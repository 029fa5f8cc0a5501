import { useSyncExternalStore } from 'react';
import { getSessionState, subscribeSession, type SessionState } from '../auth/session';

export const useSession = (): SessionState =>
  useSyncExternalStore(subscribeSession, getSessionState);

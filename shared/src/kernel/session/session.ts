import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { defer, type Observable } from 'rxjs';
import { getSupabase } from '../backend/supabase-client';
import { authErrorText } from './auth-errors';
import { createStateCell } from '../state/state-cell';

export interface SessionUser {
  id: string;
  email: string;
  fullName: string;
}

export type SessionState =
  { status: 'loading' } | { status: 'signedOut' } | { status: 'signedIn'; user: SessionUser };

const cell = createStateCell<SessionState>({ status: 'loading' });
let listening = false;

const userOf = (session: Session): SessionUser => {
  const metadata = session.user.user_metadata as { full_name?: unknown } | undefined;
  return {
    id: session.user.id,
    email: session.user.email ?? '',
    fullName: typeof metadata?.full_name === 'string' ? metadata.full_name : '',
  };
};

const sameUser = (a: SessionUser, b: SessionUser): boolean =>
  a.id === b.id && a.email === b.email && a.fullName === b.fullName;

/** Token refreshes fire auth events too; only a different user is a new state. */
const publish = (session: Session | null): void => {
  const current = cell.get();
  if (!session) {
    if (current.status !== 'signedOut') cell.set({ status: 'signedOut' });
    return;
  }
  const user = userOf(session);
  if (current.status === 'signedIn' && sameUser(current.user, user)) return;
  cell.set({ status: 'signedIn', user });
};

const handleAuthEvent = (_event: AuthChangeEvent, session: Session | null): void => {
  // The callback must not call the client itself (auth-js holds its lock while it runs).
  publish(session);
};

const startListening = (): void => {
  if (listening) return;
  listening = true;
  // Teardown is not needed: the listener lives as long as the page, like the client.
  getSupabase().auth.onAuthStateChange(handleAuthEvent);
};

/**
 * The auth state: loading until supabase-js has read its stored session (INITIAL_SESSION),
 * then signed in or signed out, following every auth event. Subscribing starts the listener.
 */
export const session$: Observable<SessionState> = defer(() => {
  startListening();
  return cell.value$;
});

export const getSessionState = (): SessionState => {
  startListening();
  return cell.get();
};

export const subscribeSession = (listener: () => void): (() => void) => {
  startListening();
  return cell.subscribe(listener);
};

export const currentUser = (): SessionUser | null => {
  const state = cell.get();
  return state.status === 'signedIn' ? state.user : null;
};

export interface AuthResult {
  /**
   * Why the call failed, in German for every GoTrue error code TaskFlow knows; the server's own
   * message for any other (docs/product-spec.md §8).
   */
  error: string | null;
}

export const signIn = async (email: string, password: string): Promise<AuthResult> => {
  const { error } = await getSupabase().auth.signInWithPassword({ email, password });
  return { error: error ? authErrorText(error) : null };
};

/** Registers without signing in: the user signs in afterwards (docs/product-spec.md §4). */
export const signUp = async (
  email: string,
  password: string,
  fullName: string,
): Promise<AuthResult> => {
  const { error } = await getSupabase().auth.signUp({
    email,
    password,
    options: { data: { full_name: fullName } },
  });
  return { error: error ? authErrorText(error) : null };
};

/** Clears the user at once; the server call only revokes the refresh token. */
export const signOut = async (): Promise<void> => {
  publish(null);
  await getSupabase().auth.signOut();
};

/**
 * Changes the signed-in user's full name. It lives in the user metadata (the session shows it at
 * once through USER_UPDATED); a trigger copies it into profiles, whose realtime change renames
 * the avatars fellow members see.
 */
export const updateFullName = async (fullName: string): Promise<AuthResult> => {
  const { error } = await getSupabase().auth.updateUser({ data: { full_name: fullName.trim() } });
  return { error: error ? authErrorText(error) : null };
};

/**
 * Changes the password, proving the current one: GoTrue checks `current_password` when the
 * project requires it (`update_password_require_current_password`, always on in the local
 * backend), so a stolen session alone cannot take over the account.
 */
export const changePassword = async (
  currentPassword: string,
  newPassword: string,
): Promise<AuthResult> => {
  const { error } = await getSupabase().auth.updateUser({
    password: newPassword,
    current_password: currentPassword,
  });
  return { error: error ? authErrorText(error) : null };
};

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

/**
 * Signed in by a recovery link (supabase-js raises PASSWORD_RECOVERY): the app asks for a new
 * password before anything else ('Neues Passwort festlegen'). Ends when it is set or the user
 * signs out.
 */
const recovery = createStateCell(false);

const handleAuthEvent = (event: AuthChangeEvent, session: Session | null): void => {
  // The callback must not call the client itself (auth-js holds its lock while it runs).
  if (event === 'PASSWORD_RECOVERY') recovery.set(true);
  if (!session) recovery.set(false);
  publish(session);
};

export const isRecoveringPassword = (): boolean => recovery.get();
export const subscribePasswordRecovery = (listener: () => void): (() => void) =>
  recovery.subscribe(listener);

/**
 * A mailed link that had been used or had expired: supabase-js reads GoTrue's error from the
 * address (`#error_code=otp_expired`) when it starts, and reports it only from `initialize()`.
 * Kept until the sign-in screen has said so (takeLinkFailure).
 */
const linkFailure = createStateCell(false);

const startListening = (): void => {
  if (listening) return;
  listening = true;
  // Teardown is not needed: the listener lives as long as the page, like the client.
  getSupabase().auth.onAuthStateChange(handleAuthEvent);
  void getSupabase()
    .auth.initialize()
    .then(({ error }) => {
      if (error?.name === 'AuthImplicitGrantRedirectError') linkFailure.set(true);
    });
};

/** Whether a mailed link failed at this page's start; true once, then false. */
export const takeLinkFailure = (): boolean => {
  const failed = linkFailure.get();
  if (failed) linkFailure.set(false);
  return failed;
};
export const subscribeLinkFailure = (listener: () => void): (() => void) =>
  linkFailure.subscribe(listener);

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
  /** GoTrue's code of the failure (`email_not_confirmed` offers to resend the mail). */
  code?: string | undefined;
}

/** The web app's own address, where mailed links lead back to (the backend's allow list decides). */
const appUrl = () => `${window.location.origin}/`;

export const signIn = async (email: string, password: string): Promise<AuthResult> => {
  const { error } = await getSupabase().auth.signInWithPassword({ email, password });
  return { error: error ? authErrorText(error) : null, code: error?.code };
};

/**
 * Registers without signing in: the user signs in afterwards (docs/product-spec.md §4), or,
 * where the backend confirms addresses (hosted's default), after the link in the mail.
 * `needsConfirmation` is also what a registered address gets there (GoTrue's obfuscated user),
 * so the answer does not tell who is registered.
 */
export const signUp = async (
  email: string,
  password: string,
  fullName: string,
): Promise<AuthResult & { needsConfirmation: boolean }> => {
  const { data, error } = await getSupabase().auth.signUp({
    email,
    password,
    options: { data: { full_name: fullName }, emailRedirectTo: appUrl() },
  });
  return {
    error: error ? authErrorText(error) : null,
    code: error?.code,
    needsConfirmation: !error && !data.session && !data.user?.email_confirmed_at,
  };
};

/** Mails the confirmation link of a sign-up again. */
export const resendConfirmation = async (email: string): Promise<AuthResult> => {
  const { error } = await getSupabase().auth.resend({
    type: 'signup',
    email,
    options: { emailRedirectTo: appUrl() },
  });
  return { error: error ? authErrorText(error) : null, code: error?.code };
};

/** 'Passwort vergessen?': the answer is the same whether or not the address is registered. */
export const requestPasswordReset = async (email: string): Promise<AuthResult> => {
  const { error } = await getSupabase().auth.resetPasswordForEmail(email, {
    redirectTo: appUrl(),
  });
  return { error: error ? authErrorText(error) : null, code: error?.code };
};

/** Sets the new password of a recovery session; the app then opens as usual. */
export const setRecoveredPassword = async (password: string): Promise<AuthResult> => {
  const { error } = await getSupabase().auth.updateUser({ password });
  if (!error) recovery.set(false);
  return { error: error ? authErrorText(error) : null, code: error?.code };
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

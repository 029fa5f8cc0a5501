import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionState } from '../src/index';

// supabase-js replaced by its auth surface: the test plays the auth events.
const auth = vi.hoisted(() => ({
  listener: null as null | ((event: AuthChangeEvent, session: Session | null) => void),
  signOut: vi.fn(async () => ({ error: null })),
}));

vi.mock('../src/kernel/backend/supabase-client', () => ({
  getSupabase: () => ({
    auth: {
      onAuthStateChange: (listener: typeof auth.listener) => {
        auth.listener = listener;
        return { data: { subscription: { unsubscribe: () => {} } } };
      },
      signOut: auth.signOut,
      // Reports a failed mailed link (session.ts's linkFailure); none here.
      initialize: async () => ({ error: null }),
    },
  }),
}));

const session = (id: string, fullName?: string) =>
  ({
    access_token: 'token',
    user: { id, email: `${id}@beispiel.de`, user_metadata: { full_name: fullName } },
  }) as unknown as Session;

let states: SessionState[];
let unsubscribe: () => void;

beforeEach(async () => {
  vi.resetModules();
  const { session$ } = await import('../src/kernel/session/session');
  states = [];
  const subscription = session$.subscribe((state) => states.push(state));
  unsubscribe = () => subscription.unsubscribe();
});

afterEach(() => unsubscribe());

describe('session$', () => {
  it('is loading until supabase-js has read the stored session', () => {
    expect(states).toEqual([{ status: 'loading' }]);
    auth.listener?.('INITIAL_SESSION', null);
    expect(states.at(-1)).toEqual({ status: 'signedOut' });
  });

  it('signs in with the name from the user metadata', () => {
    auth.listener?.('SIGNED_IN', session('anna', 'Anna Schmidt'));
    expect(states.at(-1)).toEqual({
      status: 'signedIn',
      user: { id: 'anna', email: 'anna@beispiel.de', fullName: 'Anna Schmidt' },
    });
  });

  it('does not emit again when the token of the same user is refreshed', () => {
    auth.listener?.('SIGNED_IN', session('anna', 'Anna Schmidt'));
    const count = states.length;
    auth.listener?.('TOKEN_REFRESHED', session('anna', 'Anna Schmidt'));
    auth.listener?.('INITIAL_SESSION', session('anna', 'Anna Schmidt'));
    expect(states).toHaveLength(count);
  });

  it('clears the user at once on sign-out', async () => {
    const { signOut } = await import('../src/kernel/session/session');
    auth.listener?.('SIGNED_IN', session('anna'));
    const signingOut = signOut();
    expect(states.at(-1)).toEqual({ status: 'signedOut' });
    await signingOut;
    expect(auth.signOut).toHaveBeenCalled();
  });
});

/**
 * What the page's bundle puts in place of three parts of supabase-js's auth client that
 * TaskFlow never calls: the admin API (service-role only, never in a browser), passkeys
 * (WebAuthn MFA) and Sign-In with Ethereum. GoTrueClient imports them statically, so they ship
 * with every page: about 20 KB of minified code, 5 KB compressed, on a journey held to 250 KB
 * (README, Delivery). The shell's build resolves those three modules of `@supabase/auth-js` to
 * this one (shell/vite.config.ts, `leaveOutAuthParts`); tests, the backend and the remotes'
 * standalone builds keep the real modules. Using one of them on the page fails loudly, but for
 * the one admin call a browser makes: `auth.signOut()` ends the session through
 * `admin.signOut(jwt, scope)` (POST /logout with the user's own token).
 */
import { isAuthError } from '@supabase/auth-js/dist/module/lib/errors.js';
import { _request } from '@supabase/auth-js/dist/module/lib/fetch.js';
import { resolveFetch } from '@supabase/auth-js/dist/module/lib/helpers.js';

const LEFT_OUT =
  'TaskFlow leaves the auth admin API, passkeys and Web3 sign-in out of the page (kernel/backend/left-out-auth-parts.ts)';

const refuse = (): never => {
  throw new Error(LEFT_OUT);
};

type Fetch = typeof fetch;

/** `./GoTrueAdminApi`: GoTrueClient constructs one as `auth.admin` and signs out through it. */
export default class GoTrueAdminApi {
  private readonly url: string;
  private readonly headers: Record<string, string>;
  private readonly fetch: Fetch;

  constructor(options: { url?: string; headers?: Record<string, string>; fetch?: Fetch }) {
    this.url = options.url ?? '';
    this.headers = options.headers ?? {};
    this.fetch = resolveFetch(options.fetch);
  }

  /** As auth-js 2.119's GoTrueAdminApi.signOut: the scope is one GoTrueClient already checked. */
  async signOut(jwt: string, scope = 'global') {
    try {
      await _request(this.fetch, 'POST', `${this.url}/logout?scope=${scope}`, {
        headers: this.headers,
        jwt,
        noResolveJson: true,
      });
      return { data: null, error: null };
    } catch (error) {
      if (isAuthError(error)) return { data: null, error };
      throw error;
    }
  }
}

/** `./lib/webauthn`: GoTrueClient constructs `mfa.webauthn` and reads the helpers below. */
export class WebAuthnApi {
  constructor(..._args: unknown[]) {}
}
export const browserSupportsWebAuthn = (): boolean => false;
export const webAuthnAbortService = { createNewAbortSignal: refuse, cancelCeremony: () => {} };
export const createCredential = refuse;
export const getCredential = refuse;
export const deserializeCredentialCreationOptions = refuse;
export const deserializeCredentialRequestOptions = refuse;
export const serializeCredentialCreationResponse = refuse;
export const serializeCredentialRequestResponse = refuse;

/** `./lib/web3/ethereum`: only `signInWithWeb3({ chain: 'ethereum' })` uses these. */
export const createSiweMessage = refuse;
export const fromHex = refuse;
export const getAddress = refuse;
export const toHex = refuse;

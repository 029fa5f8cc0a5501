/**
 * Accounts by e-mail as GoTrue does them, through the real supabase-js and real mail: the
 * backend sends over SMTP to a catcher started here (the one `npm start` runs), and the tests
 * open the links from the caught mails. Recovery, confirmation of new accounts, resend, the
 * secure e-mail change, links that expire and work once, the mail rate limit, and answers that
 * never tell whether an address is registered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher, type CaughtMail, type MailCatcher } from '../src/mail/catcher.ts';
import { startTestBackend, uniqueEmail, type TestBackend } from './support/backend.ts';

const SITE = 'http://app.taskflow.test';

let catcher: MailCatcher;
/** Confirmations on, as a hosted project. */
let hosted: TestBackend;

beforeAll(async () => {
  catcher = await startMailCatcher();
  hosted = await startTestBackend({
    smtp: { url: catcher.smtpUrl },
    authConfirmEmail: true,
    siteUrl: SITE,
    additionalRedirectUrls: ['http://other.taskflow.test/**'],
  });
});

afterAll(async () => {
  await hosted?.close();
  await catcher?.close();
});

const linkOf = (mail: CaughtMail) => {
  const link = mail.links.find((href) => href.includes('/auth/v1/verify?'));
  if (!link) throw new Error(`no verify link in "${mail.subject}"`);
  return link;
};

/** Opens a mailed link as a browser would (no API key) and returns where it redirects. */
const follow = async (link: string) => {
  const response = await fetch(link, { redirect: 'manual' });
  expect(response.status).toBe(303);
  const location = new URL(response.headers.get('location')!);
  return { location, fragment: new URLSearchParams(location.hash.slice(1)) };
};

const mailsTo = (email: string) => catcher.messages().filter((mail) => mail.to.includes(email));

/** A confirmed account on the hosted-like backend (sign-up, then its confirmation link). */
const confirmedAccount = async (password = 'geheim123') => {
  const email = uniqueEmail('konto');
  const { error } = await hosted.client().auth.signUp({ email, password });
  expect(error).toBeNull();
  const mail = await catcher.waitFor(email);
  await follow(linkOf(mail));
  return { email, password };
};

describe('password recovery', () => {
  it('mails a German link that opens the app signed in for recovery; the new password works', async () => {
    const { email } = await confirmedAccount();
    const anon = hosted.client();
    const asked = await anon.auth.resetPasswordForEmail(email, { redirectTo: `${SITE}/b/1` });
    expect(asked.error).toBeNull();
    const mail = await catcher.waitFor(email, (m) => m.subject.includes('Neues Passwort'));
    expect(mail.subject).toBe('TaskFlow: Neues Passwort festlegen');
    expect(mail.text).toContain('Neues Passwort festlegen');
    expect(mail.html).toContain('TaskFlow');

    const { location, fragment } = await follow(linkOf(mail));
    expect(`${location.origin}${location.pathname}`).toBe(`${SITE}/b/1`);
    expect(fragment.get('type')).toBe('recovery');
    expect(fragment.get('token_type')).toBe('bearer');

    // The app's client takes the session from the fragment and sets the new password: no
    // current password is asked for, the recovery link proved the mailbox.
    const browser = hosted.client();
    const set = await browser.auth.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    });
    expect(set.error).toBeNull();
    const changed = await browser.auth.updateUser({ password: 'neuesPasswort1' });
    expect(changed.error).toBeNull();
    // Once set, the grace is spent: a further change needs the current password again.
    const again = await browser.auth.updateUser({ password: 'drittesPasswort1' });
    expect(again.error).toMatchObject({ code: 'current_password_mismatch' });

    const old = await hosted.client().auth.signInWithPassword({ email, password: 'geheim123' });
    expect(old.error).toMatchObject({ code: 'invalid_credentials' });
    const fresh = await hosted
      .client()
      .auth.signInWithPassword({ email, password: 'neuesPasswort1' });
    expect(fresh.error).toBeNull();
  });

  it('works once: the link used a second time answers otp_expired', async () => {
    const { email } = await confirmedAccount();
    await hosted.client().auth.resetPasswordForEmail(email);
    const link = linkOf(await catcher.waitFor(email, (m) => m.subject.includes('Passwort')));
    const first = await follow(link);
    expect(first.fragment.get('access_token')).toBeTruthy();
    const second = await follow(link);
    expect(second.fragment.get('error_code')).toBe('otp_expired');
    expect(second.fragment.get('access_token')).toBeNull();
    // Without redirect_to the link leads to the site URL.
    expect(second.location.origin).toBe(SITE);
  });

  it('expires after an hour', async () => {
    const { email } = await confirmedAccount();
    await hosted.client().auth.resetPasswordForEmail(email);
    const link = linkOf(await catcher.waitFor(email, (m) => m.subject.includes('Passwort')));
    await hosted.sql(
      `update auth.users set recovery_sent_at = now() - interval '61 minutes' where email = $1`,
      [email],
    );
    expect((await follow(link)).fragment.get('error_code')).toBe('otp_expired');
    const token = new URL(link).searchParams.get('token')!;
    const otp = await hosted.client().auth.verifyOtp({ token_hash: token, type: 'recovery' });
    expect(otp.error).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  it('answers an unknown address exactly as a registered one, and mails nothing', async () => {
    const stranger = uniqueEmail('niemand');
    const { error, data } = await hosted.client().auth.resetPasswordForEmail(stranger);
    expect(error).toBeNull();
    expect(data).toEqual({});
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailsTo(stranger)).toEqual([]);
  });

  it('never redirects to a page outside the allowed URLs', async () => {
    const { email } = await confirmedAccount();
    await hosted
      .client()
      .auth.resetPasswordForEmail(email, { redirectTo: 'https://evil.example/steal' });
    const link = linkOf(await catcher.waitFor(email, (m) => m.subject.includes('Passwort')));
    const { location } = await follow(link);
    expect(location.origin).toBe(SITE);
  });
});

describe('confirmation of new accounts (AUTH_CONFIRM_EMAIL=true)', () => {
  it('signs up without a session, refuses sign-in until confirmed, resends, confirms by verifyOtp', async () => {
    const email = uniqueEmail('neu');
    const client = hosted.client();
    const settings = await hosted.request('/auth/v1/settings');
    expect(await settings.json()).toMatchObject({ mailer_autoconfirm: false });

    const signUp = await client.auth.signUp({ email, password: 'geheim123' });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    expect(signUp.data.user?.identities).toHaveLength(1);
    const first = await catcher.waitFor(email);
    expect(first.subject).toBe('TaskFlow: Bitte bestätigen Sie Ihre E-Mail-Adresse');

    const early = await client.auth.signInWithPassword({ email, password: 'geheim123' });
    expect(early.error).toMatchObject({ status: 400, code: 'email_not_confirmed' });

    // A resend within a minute of the first mail sends nothing more (max_frequency)…
    expect((await client.auth.resend({ type: 'signup', email })).error).toBeNull();
    await hosted.sql(
      `update auth.users set confirmation_sent_at = now() - interval '2 minutes' where email = $1`,
      [email],
    );
    // …after it, a new link replaces the old one.
    expect((await client.auth.resend({ type: 'signup', email })).error).toBeNull();
    const second = await catcher.waitFor(email, (m) => m.id !== first.id);
    expect(mailsTo(email)).toHaveLength(2);
    expect((await follow(linkOf(first))).fragment.get('error_code')).toBe('otp_expired');

    const token = new URL(linkOf(second)).searchParams.get('token')!;
    const confirmed = await client.auth.verifyOtp({ token_hash: token, type: 'signup' });
    expect(confirmed.error).toBeNull();
    expect(confirmed.data.session?.user.email).toBe(email);
    expect(confirmed.data.user?.email_confirmed_at).toBeTruthy();
    const later = await hosted.client().auth.signInWithPassword({ email, password: 'geheim123' });
    expect(later.error).toBeNull();
  });

  it('answers a registered address with an obfuscated user, as hosted does, and mails nothing', async () => {
    const { email } = await confirmedAccount();
    const before = mailsTo(email).length;
    const again = await hosted.client().auth.signUp({ email, password: 'anderes123' });
    expect(again.error).toBeNull();
    expect(again.data.session).toBeNull();
    expect(again.data.user?.identities).toEqual([]);
    const [row] = await hosted.sql<{ id: string }>(`select id from auth.users where email = $1`, [
      email,
    ]);
    expect(again.data.user?.id).not.toBe(row!.id);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailsTo(email)).toHaveLength(before);
    // The password did not change.
    const signIn = await hosted.client().auth.signInWithPassword({ email, password: 'anderes123' });
    expect(signIn.error).toMatchObject({ code: 'invalid_credentials' });
  });
});

describe('changing the e-mail address with confirmations on', () => {
  it('mails both addresses and moves only once both links were used', async () => {
    const { email, password } = await confirmedAccount();
    const client = hosted.client();
    await client.auth.signInWithPassword({ email, password });
    const wanted = uniqueEmail('neue-adresse');
    const asked = await client.auth.updateUser({ email: wanted, current_password: password });
    expect(asked.error).toBeNull();
    expect(asked.data.user?.email).toBe(email);
    expect(asked.data.user?.new_email).toBe(wanted);

    const toNew = await catcher.waitFor(wanted);
    const toOld = await catcher.waitFor(email, (m) => m.subject.includes('Neue E-Mail'));
    expect(toNew.subject).toBe('TaskFlow: Neue E-Mail-Adresse bestätigen');
    expect(toOld.text).toContain(wanted);

    const half = await follow(linkOf(toOld));
    expect(half.fragment.get('message')).toContain('Confirmation link accepted');
    expect((await client.auth.refreshSession()).data.user?.email).toBe(email);

    const done = await follow(linkOf(toNew));
    expect(done.fragment.get('type')).toBe('email_change');
    const moved = await hosted.client().auth.signInWithPassword({ email: wanted, password });
    expect(moved.error).toBeNull();
    expect(moved.data.user?.new_email).toBeUndefined();
    const [profile] = await hosted.sql<{ email: string }>(
      'select email from public.profiles where id = $1',
      [moved.data.user!.id],
    );
    expect(profile?.email).toBe(wanted);
    // Both links are spent.
    expect((await follow(linkOf(toNew))).fragment.get('error_code')).toBe('otp_expired');
  });
});

describe('the mail rate limit ([auth.rate_limit] email_sent)', () => {
  it('answers 429 over_email_send_rate_limit once the hour’s mails are used, for any address', async () => {
    const limited = await startTestBackend({
      smtp: { url: catcher.smtpUrl },
      authConfirmEmail: true,
      rateLimitEmailSent: 2,
    });
    try {
      const client = limited.client();
      expect((await client.auth.resetPasswordForEmail(uniqueEmail())).error).toBeNull();
      expect((await client.auth.resetPasswordForEmail(uniqueEmail())).error).toBeNull();
      const third = await client.auth.resetPasswordForEmail(uniqueEmail());
      expect(third.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
      const signUp = await client.auth.signUp({ email: uniqueEmail(), password: 'geheim123' });
      expect(signUp.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    } finally {
      await limited.close();
    }
  });
});

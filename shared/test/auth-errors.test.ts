import {
  AuthApiError,
  AuthRetryableFetchError,
  AuthWeakPasswordError,
} from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { authErrorText } from '../src/kernel/session/auth-errors';

// The errors as supabase-js hands them to the app, built with its own classes.
describe('authErrorText', () => {
  it.each([
    [
      new AuthApiError('Invalid login credentials', 400, 'invalid_credentials'),
      'E-Mail oder Passwort ist falsch.',
    ],
    [
      new AuthWeakPasswordError('Password should be at least 6 characters.', 422, ['length']),
      'Das Passwort muss mindestens 6 Zeichen lang sein.',
    ],
    [
      new AuthApiError('User already registered', 422, 'user_already_exists'),
      'Diese E-Mail-Adresse ist bereits registriert.',
    ],
    [
      new AuthApiError(
        'A user with this email address has already been registered',
        422,
        'email_exists',
      ),
      'Diese E-Mail-Adresse ist bereits registriert.',
    ],
    [
      new AuthApiError('Email address "x@y" is invalid', 400, 'email_address_invalid'),
      'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    ],
    [
      new AuthApiError(
        'Unable to validate email address: invalid format',
        400,
        'validation_failed',
      ),
      'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    ],
    [
      new AuthApiError('Request rate limit reached', 429, 'over_request_rate_limit'),
      'Zu viele Versuche. Bitte warten Sie einen Moment.',
    ],
    [
      new AuthApiError('Too many requests', 429, undefined),
      'Zu viele Versuche. Bitte warten Sie einen Moment.',
    ],
    [
      new AuthApiError('Password cannot be longer than 72 characters', 422, 'validation_failed'),
      'Das Passwort darf höchstens 72 Zeichen lang sein.',
    ],
    [
      new AuthApiError(
        'User metadata is too large: 70000 bytes, at most 65536 are allowed',
        422,
        'validation_failed',
      ),
      'Der Name ist zu lang. Bitte geben Sie einen kürzeren Namen ein.',
    ],
    [new AuthRetryableFetchError('Failed to fetch', 0), 'Keine Verbindung zum Server.'],
  ])('translates %s', (error, text) => {
    expect(authErrorText(error)).toBe(text);
  });

  it("keeps the server's message for an error it does not know (docs/product-spec.md §8)", () => {
    expect(
      authErrorText(
        new AuthApiError('Signups not allowed for this instance', 422, 'signup_disabled'),
      ),
    ).toBe('Signups not allowed for this instance');
    expect(
      authErrorText(new AuthApiError('Phone number is not allowed', 422, 'validation_failed')),
    ).toBe('Phone number is not allowed');
  });
});

// @vitest-environment node
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import { authErrorMessage } from './auth-errors.ts';

describe('authErrorMessage', () => {
  const en = i18n.getFixedT('en', 'auth');
  const es = i18n.getFixedT('es', 'auth');
  it("says 'An error occurred' when there is nothing else to say", () => {
    expect(authErrorMessage(en, null)).toBe('An error occurred');
    expect(authErrorMessage(en, {})).toBe('An error occurred');
  });
  it('translates the provider errors a person can act on', () => {
    expect(authErrorMessage(en, { code: 'INVALID_EMAIL_OR_PASSWORD' })).toBe('Invalid email or password');
    expect(authErrorMessage(es, { code: 'USERNAME_IS_ALREADY_TAKEN' })).toBe(
      'Ese nombre de usuario ya está cogido',
    );
    expect(authErrorMessage(en, { code: 'TOO_MANY_REQUESTS', retryAfterSeconds: 42 })).toBe(
      'Too many attempts. Try again in 42 seconds.',
    );
  });
  it('passes an unknown provider message through', () => {
    expect(authErrorMessage(en, { code: 'SOMETHING_NEW', message: 'Provider says no' })).toBe(
      'Provider says no',
    );
  });
});

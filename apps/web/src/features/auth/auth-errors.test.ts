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
  it('never shows the provider’s own message: an unknown code says "An error occurred"', () => {
    const words = authErrorMessage(en, { code: 'SOMETHING_NEW', message: 'Provider says no' });
    expect(words).toBe('An error occurred');
    expect(words).not.toContain('Provider says no');
    expect(authErrorMessage(es, { message: 'Proveedor dice que no', status: 500 })).toBe(
      'Ha ocurrido un error',
    );
  });
  it('says the wait only when the server gives one, and "no connection" when nothing answered', () => {
    expect(authErrorMessage(en, { code: 'TOO_MANY_REQUESTS' })).toBe(
      'Too many attempts. Wait a little and try again.',
    );
    expect(authErrorMessage(es, { code: 'TOO_MANY_REQUESTS', retryAfterSeconds: 600 })).toBe(
      'Demasiados intentos. Vuelve a intentarlo dentro de 10 minutos.',
    );
    expect(authErrorMessage(en, { status: 0, message: '' })).toBe(
      "Can't reach the server. Check your connection.",
    );
  });
});

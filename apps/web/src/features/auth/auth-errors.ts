// Turns what better-auth's client (or our own API) answers into the message a person reads:
// a known code gets its translated text, an unknown one the server's message, nothing at all 'An error occurred'.
import type { TFunction } from 'i18next';
import { PASSWORD_PERSONAL_CODES, WEAK_PASSWORD_REASONS } from '@nocturna/shared/password-rules';

export type AuthErrorLike =
  | { code?: string; message?: string; status?: number; retryAfterSeconds?: number; reason?: string }
  | null
  | undefined;

// The codes that refuse a new password for what it is, which the forms show under the password field.
export const PASSWORD_REFUSAL_CODES = [
  'PASSWORD_TOO_COMMON',
  'PASSWORD_TOO_WEAK',
  ...PASSWORD_PERSONAL_CODES,
];
export const isPasswordRefusal = (error: AuthErrorLike) =>
  !!error?.code && PASSWORD_REFUSAL_CODES.includes(error.code);

// The weaknesses the server names (zxcvbn's warnings); any other is said as 'guessable'.
const WEAKNESSES = new Set<string>(WEAK_PASSWORD_REASONS);

const KNOWN = new Set([
  'INVALID_EMAIL_OR_PASSWORD',
  'INVALID_USERNAME_OR_PASSWORD',
  'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
  'USER_ALREADY_EXISTS',
  'USERNAME_IS_ALREADY_TAKEN',
  'PASSWORD_TOO_SHORT',
  // A new password refused as guessable: the weakness (`reason`) or the word it must not hold.
  ...PASSWORD_REFUSAL_CODES,
  'TERMS_NOT_ACCEPTED',
  'TOO_MANY_REQUESTS',
  'FORBIDDEN_ORIGIN',
  // Changing the password or the e-mail, and the reset link (settings and /restablecer-contrasena).
  'INVALID_PASSWORD',
  'INVALID_TOKEN',
  'TOKEN_EXPIRED',
  'PASSWORD_TOO_LONG',
  'SESSION_EXPIRED',
  'CREDENTIAL_ACCOUNT_NOT_FOUND',
  'EMAIL_IS_THE_SAME',
]);

export function authErrorMessage(t: TFunction<'auth'>, error: AuthErrorLike): string {
  if (!error) return t('toasts.generic');
  if (error.code === 'PASSWORD_TOO_WEAK') {
    const reason = error.reason && WEAKNESSES.has(error.reason) ? error.reason : 'guessable';
    return t('errors.PASSWORD_TOO_WEAK', {
      why: t(`passwordWeakness.${reason}` as 'passwordWeakness.guessable'),
    });
  }
  if (error.code && KNOWN.has(error.code))
    return t(`errors.${error.code}` as 'errors.NETWORK', { seconds: error.retryAfterSeconds ?? 60 });
  if (error.status === 0) return t('errors.NETWORK');
  return error.message || t('toasts.generic');
}

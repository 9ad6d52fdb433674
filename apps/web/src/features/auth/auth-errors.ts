// Turns what better-auth's client (or our own API) answers into the message a person reads: a known code gets the
// errors catalogue's words (lib/error-text.ts), a password refused as guessable the auth catalogue's richer ones
// (which weakness it has), anything else 'An error occurred'.
import type { TFunction } from 'i18next';
import { PASSWORD_PERSONAL_CODES, WEAK_PASSWORD_REASONS } from '@nocturna/shared/password-rules';
import { errorText } from '../../lib/error-text.ts';

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

export function authErrorMessage(t: TFunction<'auth'>, error: AuthErrorLike): string {
  if (!error) return t('toasts.generic');
  if (error.code === 'PASSWORD_TOO_WEAK') {
    const reason = error.reason && WEAKNESSES.has(error.reason) ? error.reason : 'guessable';
    return t('weakPassword', {
      why: t(`passwordWeakness.${reason}` as 'passwordWeakness.guessable'),
    });
  }
  return errorText(t, error, t('toasts.generic'));
}

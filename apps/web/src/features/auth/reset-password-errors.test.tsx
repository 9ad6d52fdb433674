// What better-auth answers in English reaches the reset page in the person's language, and every code the
// password, e-mail and reset screens receive has its words in the catalogue.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import es from '../../i18n/locales/es/errors.json';
import ResetPasswordPage from './reset-password-page.tsx';
import { authErrorMessage } from './auth-errors.ts';

// better-auth's client keeps the fetch it found when it was created, so the stand-in for its server goes in
// before any import; each test says what that server answers (better-auth's own body, in English).
const server = vi.hoisted(() => {
  const state = { original: globalThis.fetch, answer: { code: '', message: '' } };
  globalThis.fetch = (async () =>
    new Response(JSON.stringify(state.answer), {
      status: 400,
      headers: { 'content-type': 'application/json' },
    })) as typeof fetch;
  return state;
});
function betterAuthRefuses(code: string, message: string) {
  server.answer = { code, message };
}

beforeAll(async () => {
  await i18n.changeLanguage('es');
});
afterAll(() => {
  globalThis.fetch = server.original;
});

describe('better-auth errors in Spanish on the reset page', () => {
  it('shows a password better-auth refuses on the reset page in Spanish', async () => {
    betterAuthRefuses('PASSWORD_TOO_LONG', 'Password too long');
    const { container } = render(
      <MemoryRouter initialEntries={['/restablecer-contrasena?token=abc']}>
        <ResetPasswordPage />
      </MemoryRouter>,
    );
    const password = container.querySelector<HTMLInputElement>('input[name="password"]')!;
    const repeat = container.querySelector<HTMLInputElement>('input[name="repeat"]')!;
    fireEvent.change(password, { target: { value: 'Una-contraseña-larga-2025' } });
    fireEvent.change(repeat, { target: { value: 'Una-contraseña-larga-2025' } });
    fireEvent.submit(password.form!);
    await waitFor(() => expect(screen.getByText(es.PASSWORD_TOO_LONG)).toBeTruthy());
    expect(container.textContent).not.toContain('Password too long');
  });

  it('has Spanish words for every code the password, e-mail and reset screens receive', () => {
    const t = i18n.getFixedT('es', 'auth');
    for (const [code, english] of [
      ['INVALID_PASSWORD', 'Invalid password'],
      ['INVALID_TOKEN', 'Invalid token'],
      ['TOKEN_EXPIRED', 'Token expired'],
      ['PASSWORD_TOO_LONG', 'Password too long'],
      ['PASSWORD_TOO_SHORT', 'Password too short'],
      ['SESSION_EXPIRED', 'Session expired. Re-authenticate to perform this action.'],
      ['CREDENTIAL_ACCOUNT_NOT_FOUND', 'Credential account not found'],
      ['EMAIL_IS_THE_SAME', 'Email is the same'],
      ['USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', 'User already exists. Use another email.'],
    ] as const) {
      const words = authErrorMessage(t, { code, message: english });
      expect(words).toBe(es[code]);
      expect(words).not.toBe(english);
    }
  });
});

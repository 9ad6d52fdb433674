// A password the server refuses as guessable reaches the person in their language, with the reason, under the
// field where they choose it (reset link, settings); the sign-up form says the words it may not hold before
// sending.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import es from '../../i18n/locales/es/auth.json';
import en from '../../i18n/locales/en/auth.json';
import esErrors from '../../i18n/locales/es/errors.json';
import enErrors from '../../i18n/locales/en/errors.json';
import ResetPasswordPage from './reset-password-page.tsx';
import { authErrorMessage } from './auth-errors.ts';
import { signUpSchema } from './profile-schema.ts';

// better-auth's client keeps the fetch it found when it was created, so the stand-in for its server goes in
// before any import; each test says what that server answers (our hooks' body, in English).
const server = vi.hoisted(() => {
  const state = { original: globalThis.fetch, answer: {} as Record<string, string> };
  globalThis.fetch = (async () =>
    new Response(JSON.stringify(state.answer), {
      status: 400,
      headers: { 'content-type': 'application/json' },
    })) as typeof fetch;
  return state;
});

const WEAK = {
  code: 'PASSWORD_TOO_WEAK',
  reason: 'simpleRepeat',
  field: 'newPassword',
  message: 'This password is easy to guess: it repeats characters, like "aaa".',
};

beforeAll(async () => {
  await i18n.changeLanguage('es');
});
afterAll(async () => {
  globalThis.fetch = server.original;
  await i18n.changeLanguage('es');
});

describe('refused passwords in words', () => {
  it('says why a password is weak, in Spanish and in English', () => {
    const tEs = i18n.getFixedT('es', 'auth');
    const tEn = i18n.getFixedT('en', 'auth');
    expect(authErrorMessage(tEs, WEAK)).toBe(
      es.weakPassword.replace('{{why}}', es.passwordWeakness.simpleRepeat),
    );
    expect(authErrorMessage(tEn, { ...WEAK, reason: 'sequences' })).toBe(
      en.weakPassword.replace('{{why}}', en.passwordWeakness.sequences),
    );
    // A reason the app does not know yet is still a reason a person understands.
    expect(authErrorMessage(tEs, { ...WEAK, reason: 'somethingNew' })).toContain(
      es.passwordWeakness.guessable,
    );
    for (const code of [
      'PASSWORD_CONTAINS_SITE_NAME',
      'PASSWORD_CONTAINS_EMAIL',
      'PASSWORD_CONTAINS_USERNAME',
      'PASSWORD_CONTAINS_NAME',
    ] as const) {
      expect(authErrorMessage(tEs, { code, message: 'English' })).toBe(esErrors[code]);
      expect(authErrorMessage(tEn, { code, message: 'English' })).toBe(enErrors[code]);
    }
  });

  it('shows the weakness under the new password on the reset page', async () => {
    server.answer = WEAK;
    const { container } = render(
      <MemoryRouter initialEntries={['/restablecer-contrasena?token=abc']}>
        <ResetPasswordPage />
      </MemoryRouter>,
    );
    const password = container.querySelector<HTMLInputElement>('input[name="password"]')!;
    const repeat = container.querySelector<HTMLInputElement>('input[name="repeat"]')!;
    fireEvent.change(password, { target: { value: 'aaaaaa' } });
    fireEvent.change(repeat, { target: { value: 'aaaaaa' } });
    fireEvent.submit(password.form!);
    await waitFor(() => expect(screen.getByText(/repite caracteres/)).toBeTruthy());
    expect(container.textContent).not.toContain('easy to guess');
  });

  it("refuses in the sign-up form a password holding the site's name or the person's own words", () => {
    const schema = signUpSchema(i18n.getFixedT('es', 'auth'));
    const person = {
      firstName: 'Lucía',
      lastName: 'Garrido',
      username: 'luci_night',
      phoneNumber: '+34 600 000 000',
      dateOfBirth: '1995-06-15',
      gender: 'female' as const,
      email: 'lucia.garrido@example.com',
      acceptTerms: true,
    };
    const passwordIssue = (password: string) =>
      schema.safeParse({ ...person, password }).error?.issues.find((i) => i.path[0] === 'password')?.message;
    expect(passwordIssue('N0cturna-en-Madrid')).toMatch(/nombre de la web/);
    expect(passwordIssue('Luci_Night-2025')).toMatch(/nombre de usuario/);
    expect(passwordIssue('Garrido-bailando-7')).toMatch(/tu nombre ni tus apellidos/);
    expect(passwordIssue('lucia.garrido!9')).toMatch(/correo/);
    expect(passwordIssue('Otra-noche-en-Lavapies-7')).toBeUndefined();
  });
});

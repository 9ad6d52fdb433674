// What better-auth answers in English reaches the settings in the person's language: the e-mail change refused
// for a taken address shows the catalogue's Spanish words (the reset page: auth/reset-password-errors.test.tsx),
// and a new password refused by our checks says why under its own field.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AccountSecurity } from '@nocturna/shared';
import i18n from '../../../i18n/index.ts';
import es from '../../../i18n/locales/es/errors.json';
import { EmailSetting } from './email-setting.tsx';
import { PasswordSetting } from './password-setting.tsx';

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

const account: AccountSecurity = {
  email: 'ana@example.com',
  emailVerified: true,
  hasPassword: true,
  google: { available: false, linked: false },
  deletion: null,
  locale: 'es',
};

beforeAll(async () => {
  await i18n.changeLanguage('es');
});
afterAll(() => {
  globalThis.fetch = server.original;
});

describe('better-auth errors in Spanish', () => {
  it('shows a taken address in Spanish on the e-mail setting, not better-auth’s English', async () => {
    betterAuthRefuses('USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', 'User already exists. Use another email.');
    const { container } = render(<EmailSetting account={account} />);
    const input = container.querySelector<HTMLInputElement>('input[name="email"]')!;
    fireEvent.change(input, { target: { value: 'otra@example.com' } });
    fireEvent.submit(input.form!);
    await waitFor(() => expect(screen.getByText(es.USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL)).toBeTruthy());
    expect(container.textContent).not.toContain('User already exists');
  });

  it('shows the weakness under the new password in settings, not in a passing toast', async () => {
    betterAuthRefuses(
      'PASSWORD_CONTAINS_SITE_NAME',
      'The password must not contain the name of the site (Nocturna).',
    );
    const { container } = render(<PasswordSetting hasPassword />);
    const field = (name: string) => container.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
    fireEvent.change(field('current'), { target: { value: 'Madrid-de-noche-2025' } });
    fireEvent.change(field('next'), { target: { value: 'nocturna-2025' } });
    fireEvent.change(field('repeat'), { target: { value: 'nocturna-2025' } });
    fireEvent.submit(field('next').form!);
    await waitFor(() => expect(screen.getByText(es.PASSWORD_CONTAINS_SITE_NAME)).toBeTruthy());
    // The words belong to the new password's field.
    const note = document.getElementById(field('next').getAttribute('aria-describedby') ?? '');
    expect(note?.textContent).toBe(es.PASSWORD_CONTAINS_SITE_NAME);
    expect(field('next').getAttribute('aria-invalid')).toBe('true');
  });
});

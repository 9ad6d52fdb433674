// A Google account completing its first profile accepts the terms there: the form has the required checkbox with
// links to /terminos and /privacidad, says so and sends nothing without it, and sends the consent with the profile.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import es from '../../i18n/locales/es/auth.json';
import { CompleteProfileForm } from './components/complete-profile-form.tsx';

// better-auth's client keeps the fetch it found when it was created, so the stand-in for the server goes in before
// any import: the username is free, and the profile update is kept to be read.
const server = vi.hoisted(() => {
  const state = { original: globalThis.fetch, updates: [] as Record<string, unknown>[] };
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.includes('/api/users/username-availability'))
      return Response.json({ username: 'nuria_v', available: true });
    if (url.includes('/api/auth/update-user')) {
      const body =
        input instanceof Request ? await input.text() : ((init?.body as string | undefined) ?? '{}');
      state.updates.push(JSON.parse(body) as Record<string, unknown>);
      return Response.json({ status: true });
    }
    return Response.json({}, { status: 404 });
  }) as typeof fetch;
  return state;
});

beforeAll(async () => {
  await i18n.changeLanguage('es');
});
afterAll(() => {
  globalThis.fetch = server.original;
});

describe('consent on a Google account’s first profile', () => {
  it('asks for the terms and the privacy policy, sends nothing without them, and sends the consent with them', async () => {
    const onDone = vi.fn();
    render(<CompleteProfileForm defaults={{ firstName: 'Nuria', lastName: 'Vega' }} onDone={onDone} />);
    fireEvent.change(screen.getByLabelText(es.fields.username), { target: { value: 'nuria_v' } });
    fireEvent.change(screen.getByLabelText(es.fields.phoneNumber), { target: { value: '+34 611 222 333' } });
    fireEvent.change(screen.getByLabelText(es.fields.dateOfBirth), { target: { value: '1998-02-01' } });
    fireEvent.change(screen.getByLabelText(es.fields.gender), { target: { value: 'female' } });
    expect(screen.getByRole('link', { name: 'Términos de uso' }).getAttribute('href')).toBe('/terminos');
    expect(screen.getByRole('link', { name: 'Política de privacidad' }).getAttribute('href')).toBe(
      '/privacidad',
    );

    fireEvent.click(screen.getByRole('button', { name: es.completeProfile.save }));
    await screen.findByText(es.terms.required);
    expect(server.updates).toEqual([]);

    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: es.completeProfile.save }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(server.updates).toEqual([expect.objectContaining({ username: 'nuria_v', acceptTerms: true })]);
  });
});

// The DJ's own profile form: the patch it sends (trimmed name and bio, links read as "name address" per line),
// at most six genres, and a refusal said in Spanish.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DjProfile } from '@nocturna/shared';
import { apiError, renderWithProviders, serveApi, stopApi } from '../../../test/fake-api.tsx';
import { ProfileForm } from './profile-form.tsx';

const profile: DjProfile = {
  userId: 'u-sol',
  slug: 'dj-sol',
  name: 'DJ Sol',
  photoUrl: null,
  bio: 'Techno de madrugada',
  genres: ['techno'],
  links: [{ label: 'SoundCloud', url: 'https://soundcloud.com/djsol' }],
  followers: 10,
  following: false,
  upcoming: [],
  past: [],
};

afterEach(() => {
  stopApi();
  vi.restoreAllMocks();
});

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Guardar perfil' }));
const patches = (calls: { method: string; body: unknown }[]) =>
  calls.filter((c) => c.method === 'PATCH').map((c) => c.body);

describe('ProfileForm', () => {
  it('shows the saved links one per line', () => {
    serveApi(() => ({}));
    renderWithProviders(<ProfileForm profile={profile} />);
    expect(
      screen.getByLabelText<HTMLTextAreaElement>('Enlaces (uno por línea: nombre y dirección)').value,
    ).toBe('SoundCloud https://soundcloud.com/djsol');
  });

  it('sends the trimmed name and bio, the genres and each link line as a name and an address', async () => {
    const calls = serveApi(() => ({}));
    const success = vi.spyOn(toast, 'success');
    renderWithProviders(<ProfileForm profile={profile} />);
    fireEvent.change(screen.getByLabelText('Nombre artístico'), { target: { value: '  DJ Sol  ' } });
    fireEvent.change(screen.getByLabelText('Bio'), { target: { value: ' Nueva bio \n' } });
    fireEvent.click(screen.getByRole('button', { name: 'House' }));
    fireEvent.change(screen.getByLabelText('Enlaces (uno por línea: nombre y dirección)'), {
      target: {
        value:
          'Resident Advisor  https://ra.co/dj/sol\n\n  https://djsol.es  \nMi Mixcloud https://mixcloud.com/sol',
      },
    });
    save();
    await waitFor(() => expect(success).toHaveBeenCalledWith('Perfil guardado'));
    expect(patches(calls)).toEqual([
      {
        name: 'DJ Sol',
        bio: 'Nueva bio',
        genres: ['techno', 'house'],
        links: [
          { label: 'Resident Advisor', url: 'https://ra.co/dj/sol' },
          { label: 'https://djsol.es', url: 'https://djsol.es' },
          { label: 'Mi Mixcloud', url: 'https://mixcloud.com/sol' },
        ],
      },
    ]);
  });

  it('keeps at most six genres', async () => {
    const calls = serveApi(() => ({}));
    renderWithProviders(<ProfileForm profile={profile} />);
    for (const name of ['House', 'Reguetón', 'Indie', 'Pop', 'Hip-hop', 'Rock'])
      fireEvent.click(screen.getByRole('button', { name }));
    expect(screen.getByRole('button', { name: 'Rock' }).getAttribute('aria-pressed')).toBe('false');
    save();
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    expect((patches(calls)[0] as { genres: string[] }).genres).toEqual([
      'techno',
      'house',
      'reggaeton',
      'indie',
      'pop',
      'hip-hop',
    ]);
  });

  it('says in Spanish why the profile was not saved', async () => {
    serveApi(() => apiError(400, 'VALIDATION_ERROR', 'name'));
    renderWithProviders(<ProfileForm profile={profile} />);
    save();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Hay un dato que no es válido: revísalo y vuelve a intentarlo.',
    );
  });
});

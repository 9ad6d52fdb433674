// A DJ's public page seen by a signed-in person: following (PUT) and unfollowing (DELETE), no follow button on
// their own page, the empty date lists, and a DJ that does not exist.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DjProfile } from '@nocturna/shared';
import { ana } from '../auth/api/test-people.ts';
import { apiError, renderWithProviders, serveApi, stopApi, type ApiCall } from '../../test/fake-api.tsx';
import DjProfilePage from './dj-profile-page.tsx';

// The page is Ana's: the session the page was drawn with is read once, as its module loads.
await vi.hoisted(async () => {
  const { PAGE_SESSION_GLOBAL } = await import('@nocturna/shared/page-session');
  const { ana } = await import('../auth/api/test-people.ts');
  window[PAGE_SESSION_GLOBAL] = { user: ana, expiresAt: '2026-12-30T10:00:00.000Z' };
});

const dj = (extra: Partial<DjProfile> = {}): DjProfile => ({
  userId: 'u-sol',
  slug: 'dj-sol',
  name: 'DJ Sol',
  photoUrl: null,
  bio: '',
  genres: [],
  links: [],
  followers: 1,
  following: false,
  upcoming: [],
  past: [],
  ...extra,
});

function renderPage(answer: (call: ApiCall) => unknown) {
  const calls = serveApi(answer);
  renderWithProviders(
    <Routes>
      <Route path="/dj/:slug" element={<DjProfilePage />} />
    </Routes>,
    { route: '/dj/dj-sol' },
  );
  return calls;
}

afterEach(stopApi);

describe('DjProfilePage', () => {
  it('follows the DJ with a PUT and shows the new count', async () => {
    const calls = renderPage(({ method }) =>
      method === 'PUT' ? dj({ following: true, followers: 2 }) : dj(),
    );
    expect((await screen.findByTestId('dj-followers')).textContent).toBe('1 seguidor');
    fireEvent.click(screen.getByRole('button', { name: 'Seguir' }));
    const button = await screen.findByRole('button', { name: 'Siguiendo' });
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('dj-followers').textContent).toBe('2 seguidores');
    expect(calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.path])).toEqual([
      ['PUT', '/api/djs/dj-sol/follow'],
    ]);
  });

  it('unfollows with a DELETE', async () => {
    const calls = renderPage(({ method }) =>
      method === 'DELETE' ? dj({ following: false }) : dj({ following: true }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Siguiendo' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Seguir' }).getAttribute('aria-pressed')).toBe('false'),
    );
    expect(calls.filter((c) => c.method !== 'GET').map((c) => c.method)).toEqual(['DELETE']);
  });

  it('offers no follow button to the DJ on their own page, and says when no dates are announced', async () => {
    renderPage(() => dj({ userId: ana.id }));
    await screen.findByRole('heading', { name: 'DJ Sol' });
    expect(screen.queryByRole('button', { name: 'Seguir' })).toBeNull();
    expect(
      screen.getByText('Sin fechas anunciadas por ahora: síguele y te avisamos cuando le contraten.').tagName,
    ).toBe('P');
    expect(screen.getByText('Todavía no hay noches pasadas en Nocturna.').tagName).toBe('P');
  });

  it('says the DJ does not exist', async () => {
    renderPage(() => apiError(404, 'DJ_NOT_FOUND'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Este DJ no existe en Nocturna.');
  });
});

// A club's door team for its CEO: the team as the server lists it, adding someone by the labelled field (the
// server's refusal announced under it and tied to it) and removing a door person by their own button.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClubStaffList } from '@nocturna/shared';
import { apiError, renderWithProviders, serveApi, stopApi } from '../../../test/fake-api.tsx';
import { ClubTeamCard } from './club-team-card.tsx';

// The card is Ana's (the club's CEO): the session the page was drawn with is read once, as its module loads.
await vi.hoisted(async () => {
  const { PAGE_SESSION_GLOBAL } = await import('@nocturna/shared/page-session');
  const { ana } = await import('../../auth/api/test-people.ts');
  window[PAGE_SESSION_GLOBAL] = { user: ana, expiresAt: '2026-12-30T10:00:00.000Z' };
});

afterEach(stopApi);

const club = { id: 'c1', name: 'Kapital' };
const team: ClubStaffList = {
  club: { id: 'c1', slug: 'kapital', name: 'Kapital' },
  staff: [
    {
      userId: 'u-ana',
      name: 'Ana Ruiz',
      username: 'ana',
      role: 'owner',
      addedAt: '2026-11-01T10:00:00.000Z',
    },
    { userId: 'u-leo', name: 'Leo Gil', username: 'leo', role: 'door', addedAt: '2026-11-02T10:00:00.000Z' },
  ],
};

describe('ClubTeamCard', () => {
  it('announces the server’s refusal under the field it belongs to', async () => {
    const calls = serveApi((call) => (call.method === 'POST' ? apiError(404, 'USER_NOT_FOUND') : team));
    renderWithProviders(<ClubTeamCard club={club} />);
    await screen.findByText('Leo Gil');
    const field = screen.getByLabelText('Usuario o e-mail');
    expect(field.getAttribute('aria-invalid')).toBe('false');
    fireEvent.change(field, { target: { value: 'nadie' } });
    fireEvent.click(screen.getByRole('button', { name: 'Añadir a la puerta' }));
    const alert = await screen.findByRole('alert');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(alert.id);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/clubs/c1/staff', body: { login: 'nadie' } },
    ]);
  });

  it('removes a door person, not the club’s owner', async () => {
    const calls = serveApi((call) => (call.method === 'DELETE' ? new Response(null, { status: 204 }) : team));
    renderWithProviders(<ClubTeamCard club={club} />);
    await screen.findByText('Leo Gil');
    expect(screen.queryByRole('button', { name: 'Quitar a Ana Ruiz de la puerta de Kapital' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Quitar a Leo Gil de la puerta de Kapital' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/clubs/c1/staff/u-leo')).toBe(true),
    );
  });
});

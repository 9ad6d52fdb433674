// A club's incidents and bans for its CEO: loading, refused, the incidents with who was involved, filters sent to
// the server and to the CSV export, and the empty state.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Incident } from '@nocturna/shared';
import {
  apiError,
  never,
  renderWithProviders,
  serveApi,
  stopApi,
  type ApiCall,
} from '../../test/fake-api.tsx';
import ClubIncidentsPage from './club-incidents-page.tsx';

const incident = (id: string, extra: Partial<Incident> = {}): Incident => ({
  id,
  clubId: 'c1',
  eventId: 'e1',
  eventName: 'Noche Larga',
  occurredAt: '2026-11-28T01:15:00.000Z',
  type: 'fight',
  description: 'Pelea en la barra',
  reportedBy: 'Pablo (puerta)',
  photoUrl: null,
  tickets: [{ id: 't1', holderName: 'Lucía Gil', type: 'General' }],
  createdAt: '2026-11-28T01:20:00.000Z',
  ...extra,
});

function renderPage() {
  return renderWithProviders(
    <Routes>
      <Route path="/gestion/discotecas/:clubId/incidentes" element={<ClubIncidentsPage />} />
    </Routes>,
    { route: '/gestion/discotecas/c1/incidentes' },
  );
}

function serve(incidents: (call: ApiCall) => unknown) {
  return serveApi((call) => {
    if (call.path === '/api/clubs/c1/bans') return { items: [] };
    if (call.path.startsWith('/api/clubs/c1/incidents')) return incidents(call);
    return { items: [] };
  });
}

afterEach(stopApi);

describe('ClubIncidentsPage', () => {
  it('shows that the incidents are loading', () => {
    serve(never);
    renderPage();
    expect(screen.getByRole('status').textContent).toBe('Cargando incidentes...');
  });

  it('tells someone who does not run the club that they cannot see its incidents', async () => {
    serve(() => apiError(403, 'FORBIDDEN'));
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No puedes ver los incidentes de esta discoteca.');
    expect(alert.textContent).toContain('No tienes permiso para hacer esto.');
  });

  it('lists each incident with its kind, event, people involved and who logged it', async () => {
    serve(() => ({ items: [incident('i1')] }));
    renderPage();
    const list = await screen.findByTestId('incident-list');
    const item = within(list).getByRole('listitem');
    expect(item.textContent).toContain('Pelea');
    expect(item.textContent).toContain('Noche Larga');
    expect(item.textContent).toContain('Implicados: Lucía Gil (General)');
    expect(item.textContent).toContain('Registrado por Pablo (puerta)');
    expect(screen.getByRole('heading', { name: 'Vetados ahora (0)' }).tagName).toBe('H2');
  });

  it('asks the server for the chosen kind and exports the same selection', async () => {
    const calls = serve(({ path }) => ({
      items: path.includes('type=theft') ? [] : [incident('i1')],
    }));
    renderPage();
    await screen.findByTestId('incident-list');
    fireEvent.change(screen.getByRole('combobox', { name: 'Tipo' }), { target: { value: 'theft' } });
    expect((await screen.findByText('No hay incidentes con estos filtros.')).textContent).toBe(
      'No hay incidentes con estos filtros.',
    );
    expect(calls.some((c) => c.path === '/api/clubs/c1/incidents?type=theft')).toBe(true);
    expect(screen.getByRole('link', { name: 'Exportar CSV' }).getAttribute('href')).toBe(
      '/api/clubs/c1/incidents.csv?type=theft',
    );
  });

  it('keeps the page, its filters and the last list while a new filter loads, marked busy', async () => {
    let release: (() => void) | undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    serve(async ({ path }) => {
      if (!path.includes('type=theft')) return { items: [incident('i1')] };
      await held;
      return { items: [] };
    });
    renderPage();
    await screen.findByTestId('incident-list');
    fireEvent.change(screen.getByRole('combobox', { name: 'Tipo' }), { target: { value: 'theft' } });
    await waitFor(() =>
      expect(screen.getByTestId('incident-results').getAttribute('aria-busy')).toBe('true'),
    );
    expect(screen.queryByRole('status')).toBeNull();
    expect((screen.getByRole('combobox', { name: 'Tipo' }) as HTMLSelectElement).value).toBe('theft');
    expect(within(screen.getByTestId('incident-list')).getByText('Pelea en la barra').textContent).toBe(
      'Pelea en la barra',
    );
    release!();
    await screen.findByText('No hay incidentes con estos filtros.');
    expect(screen.getByTestId('incident-results').getAttribute('aria-busy')).toBe('false');
  });

  it('offers the events that have incidents as a filter', async () => {
    serve(() => ({
      items: [incident('i1'), incident('i2', { eventId: 'e2', eventName: 'Viernes Techno' })],
    }));
    renderPage();
    const events = await screen.findByRole('combobox', { name: 'Evento' });
    await waitFor(() =>
      expect([...events.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
        'Todos los eventos',
        'Noche Larga',
        'Viernes Techno',
      ]),
    );
  });
});

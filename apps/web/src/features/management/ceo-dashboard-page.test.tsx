// The CEO's dashboard: loading, refused (no club run), failed, no club yet, and the quick actions of a CEO with one.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CeoDashboard } from '@nocturna/shared';
import {
  apiError,
  never,
  renderWithProviders,
  serveApi,
  stopApi,
  type ApiCall,
} from '../../test/fake-api.tsx';
import CeoDashboardPage from './ceo-dashboard-page.tsx';

const dashboard = (extra: Partial<CeoDashboard> = {}): CeoDashboard => ({
  clubs: [
    { id: 'c1', slug: 'kapital', name: 'Kápital', capacity: 1500, archived: false },
    { id: 'c2', slug: 'vieja', name: 'La Vieja', capacity: 200, archived: true },
  ],
  tonight: [],
  next: [],
  lastEventId: null,
  alerts: [],
  ...extra,
});

// `answer` answers the dashboard and every change; the sections around it (aforo, clubs, audit log) answer empty.
function serve(answer: (call: ApiCall) => unknown) {
  return serveApi((call) => {
    if (call.path === '/api/dashboards/ceo' || call.method !== 'GET') return answer(call);
    if (call.path === '/api/dashboards/ceo/aforo') return { clubs: [] };
    if (call.path.startsWith('/api/manage/audit')) return { items: [], nextCursor: null };
    return { items: [] };
  });
}

afterEach(() => {
  stopApi();
  vi.restoreAllMocks();
});

describe('CeoDashboardPage', () => {
  it('shows that it is loading while the dashboard is on its way', () => {
    serve(never);
    renderWithProviders(<CeoDashboardPage />);
    expect(screen.getByRole('status').textContent).toBe('Cargando...');
  });

  it('tells a person the server refuses that they run no club yet', async () => {
    serve(() => apiError(403, 'FORBIDDEN'));
    renderWithProviders(<CeoDashboardPage />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Todavía no gestionas ninguna discoteca: pide a un administrador que te asigne una, o da de alta la tuya.',
    );
  });

  it('says the dashboard failed and asks again on "Reintentar"', async () => {
    let answers = 0;
    serve(() => {
      answers += 1;
      return answers === 1 ? apiError(500, 'INTERNAL_ERROR') : dashboard();
    });
    renderWithProviders(<CeoDashboardPage />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No hemos podido cargar esto.');
    expect(alert.textContent).toContain('Algo ha fallado en el servidor. Inténtalo de nuevo en un momento.');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect((await screen.findByRole('heading', { name: 'Esta noche' })).tagName).toBe('H2');
  });

  it('offers a CEO without clubs to open one', async () => {
    serve(() => dashboard({ clubs: [] }));
    renderWithProviders(<CeoDashboardPage />);
    const link = await screen.findByRole('link', { name: 'Nueva discoteca' });
    expect(link.getAttribute('href')).toBe('/gestion/discotecas/nueva');
    expect(screen.queryByRole('navigation', { name: 'Acciones rápidas' })).toBeNull();
  });

  it('opens a new event in the one open club and cannot duplicate before any event exists', async () => {
    serve(() => dashboard());
    renderWithProviders(<CeoDashboardPage />);
    const newEvent = await screen.findByRole('link', { name: 'Nuevo evento' });
    expect(newEvent.getAttribute('href')).toBe('/gestion/eventos/nuevo?club=c1');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Duplicar el último' }).disabled).toBe(true);
    expect(screen.getByText('Esta noche no hay eventos en tus discotecas.').tagName).toBe('P');
  });

  it('duplicates the last event for next week', async () => {
    const calls = serve(({ method }) =>
      method === 'POST' ? { id: 'e2' } : dashboard({ lastEventId: 'e1' }),
    );
    const success = vi.spyOn(toast, 'success');
    renderWithProviders(<CeoDashboardPage />);
    const duplicate = await screen.findByRole<HTMLButtonElement>('button', { name: 'Duplicar el último' });
    expect(duplicate.disabled).toBe(false);
    fireEvent.click(duplicate);
    await waitFor(() => expect(success).toHaveBeenCalledWith('Copia creada para la semana que viene'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/manage/events/e1/duplicate',
    ]);
  });
});

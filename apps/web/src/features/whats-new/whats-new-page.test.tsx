// "Novedades" for a signed-in person: loading, the unread count and "mark all as read" (sent, then the feed read
// again), the empty and failed states.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WhatsNewFeed, WhatsNewItem } from '@nocturna/shared';
import { apiError, never, renderWithProviders, serveApi, stopApi } from '../../test/fake-api.tsx';
import WhatsNewPage from './whats-new-page.tsx';

// The page is Ana's: the session the page was drawn with is read once, as its module loads.
await vi.hoisted(async () => {
  const { PAGE_SESSION_GLOBAL } = await import('@nocturna/shared/page-session');
  const { ana } = await import('../auth/api/test-people.ts');
  window[PAGE_SESSION_GLOBAL] = { user: ana, expiresAt: '2026-12-30T10:00:00.000Z' };
});

afterEach(stopApi);

const item = (id: string, unread: boolean): WhatsNewItem => ({
  id,
  kind: 'new_event',
  at: '2026-11-28T12:00:00.000Z',
  unread,
  event: {
    id,
    slug: id,
    name: `Noche ${id}`,
    clubName: 'Kápital',
    coverURL: '',
    startAt: '2026-12-05T23:00:00.000Z',
  },
  friend: null,
  dj: null,
  ticketType: null,
  oldPrice: null,
  newPrice: null,
  released: null,
});
const feed = (items: WhatsNewItem[]): WhatsNewFeed => ({
  personal: true,
  items,
  later: [],
  unread: items.filter((i) => i.unread).length,
  readAt: null,
});

describe('WhatsNewPage', () => {
  it('says it is loading the feed', () => {
    serveApi(never);
    renderWithProviders(<WhatsNewPage />);
    expect(screen.getByRole('status').textContent).toBe('Cargando novedades…');
  });

  it('counts the unread lines and marks them all read', async () => {
    let read = false;
    const calls = serveApi(({ method }) => {
      if (method === 'POST') {
        read = true;
        return { count: 2 };
      }
      return feed([item('a', !read), item('b', !read), item('c', false)]);
    });
    renderWithProviders(<WhatsNewPage />);
    expect((await screen.findByText('2 novedades sin leer')).getAttribute('role')).toBe('status');
    const list = screen.getByRole('list', { name: 'Novedades' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Marcar todo como leído' }));
    expect((await screen.findByText('Estás al día.')).getAttribute('role')).toBe('status');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/whats-new/read-all']);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Marcar todo como leído' }).disabled).toBe(
      true,
    );
  });

  it('says there is nothing new yet', async () => {
    serveApi(() => feed([]));
    renderWithProviders(<WhatsNewPage />);
    expect((await screen.findByText(/^No hay novedades por ahora\./)).textContent).toBe(
      'No hay novedades por ahora. Cuando tus discotecas anuncien algo o tus amigos compren entrada, aparecerá aquí.',
    );
    expect(screen.queryByRole('button', { name: 'Iniciar sesión' })).toBeNull();
  });

  it('says the feed failed to load, with the reason in Spanish', async () => {
    serveApi(() => apiError(500, 'INTERNAL_ERROR'));
    renderWithProviders(<WhatsNewPage />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No se han podido cargar las novedades.');
    expect(alert.textContent).toContain('Algo ha fallado en el servidor. Inténtalo de nuevo en un momento.');
  });
});

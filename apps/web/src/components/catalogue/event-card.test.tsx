import type { EventSummary } from '@nocturna/shared';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { EventCard } from './event-card.tsx';

const event: EventSummary = {
  id: 'e1',
  slug: 'boom-bap-cripta-2026-11-20',
  clubId: 'c1',
  clubName: 'Cripta',
  clubSlug: 'cripta-lavapies',
  barrio: 'Lavapiés',
  name: 'Boom Bap · Cripta',
  city: 'Madrid',
  coverURL: '/media/events/e1/cover.svg',
  startAt: '2026-11-20T22:00:00.000Z',
  endAt: '2026-11-21T04:30:00.000Z',
  status: 'published',
  genres: ['funk', 'hip-hop'],
  minPrice: { cents: 1200, currency: 'EUR' },
  price: { state: 'on_sale', from: { cents: 1200, currency: 'EUR' }, to: { cents: 1800, currency: 'EUR' } },
  minimumAge: 18,
};

const renderCard = (e: EventSummary, priority = false) =>
  render(
    <MemoryRouter>
      <EventCard event={e} priority={priority} />
    </MemoryRouter>,
  );

describe('EventCard', () => {
  it('links to the event by slug and shows the Madrid day and time, club, genres and cheapest price', () => {
    const { container } = renderCard(event);
    expect(screen.getByRole('link', { name: 'Boom Bap · Cripta' }).getAttribute('href')).toBe(
      '/evento/boom-bap-cripta-2026-11-20',
    );
    const text = container.textContent.replace(/\u00a0/g, ' ');
    expect(text).toContain('noche del viernes 20 nov · 23:00–05:30');
    expect(text).toContain('Cripta · Lavapiés');
    expect(text).toContain('Hip-hop');
    expect(text).toContain('Desde 12 €');
    expect(text).toContain('+18');
  });

  it('names a night that starts after midnight by the evening it belongs to', () => {
    const { container } = renderCard({
      ...event,
      startAt: '2026-11-28T23:00:00.000Z',
      endAt: '2026-11-29T05:00:00.000Z',
    });
    expect(container.textContent).toContain('noche del sábado 28 nov · 00:00–06:00');
  });

  it('says "Gratis" when the cheapest ticket on sale is free', () => {
    const free = { cents: 0, currency: 'EUR' as const };
    const { container } = renderCard({ ...event, minPrice: free, price: { ...event.price, from: free } });
    expect(container.textContent).toContain('Gratis');
  });

  it('says "Agotado" or "Venta cerrada", never a price, when nothing can be bought now', () => {
    const soldOut = renderCard({
      ...event,
      minPrice: null,
      price: { state: 'sold_out', from: null, to: null },
    });
    expect(soldOut.getByTestId('event-price').textContent).toBe('Agotado');
    soldOut.unmount();
    const closed = renderCard({ ...event, minPrice: null, price: { state: 'closed', from: null, to: null } });
    expect(closed.getByTestId('event-price').textContent).toBe('Venta cerrada');
    expect(closed.container.textContent).not.toContain('Desde');
  });

  it("shows the poster's picture without its words, sized, lazy-loaded unless it is the first one on screen", () => {
    const lazy = renderCard(event).container.querySelector('img')!;
    expect([lazy.getAttribute('width'), lazy.getAttribute('height'), lazy.getAttribute('loading')]).toEqual([
      '800',
      '800',
      'lazy',
    ]);
    expect(lazy.getAttribute('src')).toBe('/media/events/e1/art.webp?w=480');
    expect(lazy.getAttribute('srcset')).toContain('/media/events/e1/art.webp?w=192 192w');
    const eager = renderCard(event, true).container.querySelector('img')!;
    expect(eager.getAttribute('loading')).toBe('eager');
  });
});

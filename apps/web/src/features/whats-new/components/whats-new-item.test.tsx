// One line of "Novedades": what happened in Spanish (prices in euros, the count of tickets freed), where it leads,
// and an unread line said so to a screen reader.
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { WhatsNewItem } from '@nocturna/shared';
import { WhatsNewItemRow } from './whats-new-item.tsx';

const item = (extra: Partial<WhatsNewItem>): WhatsNewItem => ({
  id: 'w1',
  kind: 'new_event',
  at: '2026-11-28T12:00:00.000Z',
  unread: false,
  event: {
    id: 'e1',
    slug: 'noche-larga',
    name: 'Noche Larga',
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
  ...extra,
});

function line(extra: Partial<WhatsNewItem>) {
  render(
    <MemoryRouter>
      <ul>
        <WhatsNewItemRow item={item(extra)} />
      </ul>
    </MemoryRouter>,
  );
  const link = screen.getByRole('link');
  return { text: link.querySelector('span.block')!.textContent, href: link.getAttribute('href') };
}

describe('WhatsNewItemRow', () => {
  it('tells a price drop with both prices in euros and leads to the event', () => {
    const { text, href } = line({
      kind: 'price_drop',
      ticketType: 'General',
      oldPrice: { cents: 2000, currency: 'EUR' },
      newPrice: { cents: 1250, currency: 'EUR' },
    });
    expect(text).toMatch(/^Baja de precio: General pasa de 20(,00)?\s€ a 12,50\s€$/);
    expect(href).toBe('/evento/noche-larga');
  });

  it('counts a single freed ticket in the singular', () => {
    expect(line({ kind: 'tickets_released', released: 1, ticketType: 'VIP' }).text).toBe(
      'Se ha liberado 1 entrada de VIP por una cancelación',
    );
  });

  it('counts several freed tickets in the plural', () => {
    expect(line({ kind: 'tickets_released', released: 3, ticketType: 'VIP' }).text).toBe(
      'Se han liberado 3 entradas de VIP por cancelaciones',
    );
  });

  it('leads a booked DJ to their profile', () => {
    expect(line({ kind: 'dj_booked', dj: { name: 'DJ Sol', slug: 'dj-sol' } })).toEqual({
      text: 'DJ Sol, a quien sigues, pinchará',
      href: '/dj/dj-sol',
    });
  });

  it('leads a friend’s photo to the event’s live wall', () => {
    const friend = { id: 'u-lu', name: 'Lucía', username: 'lucia', avatarUrl: null };
    expect(line({ kind: 'friend_snapshot', friend })).toEqual({
      text: 'Lucía ha subido una foto al muro',
      href: '/evento/e1/live',
    });
  });

  it('says "Sin leer" before an unread line only', () => {
    expect(line({ unread: true }).text).toBe('Sin leer: Nuevo evento en Kápital');
    expect(screen.getByTestId('whats-new-item').dataset.unread).toBe('true');
  });
});

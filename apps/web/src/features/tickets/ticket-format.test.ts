// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { TicketTypeOffer } from '@nocturna/shared';
import { directionsUrl, maxQuantity } from './ticket-format.ts';

const offer = (overrides: Partial<TicketTypeOffer>): TicketTypeOffer => ({
  id: 'tt',
  name: 'General',
  kind: 'door',
  price: { cents: 1500, currency: 'EUR' },
  availability: 'on_sale',
  remaining: null,
  salesFrom: null,
  salesUntil: null,
  entryUntil: null,
  perPersonLimit: 6,
  heldByMe: 0,
  unlocked: false,
  ...overrides,
});

describe('maxQuantity', () => {
  it('is the smallest of the order cap (10), what the person may still hold, and what is left when shown', () => {
    expect(maxQuantity(offer({ perPersonLimit: 20 }))).toBe(10);
    expect(maxQuantity(offer({ perPersonLimit: 6, heldByMe: 4 }))).toBe(2);
    expect(maxQuantity(offer({ remaining: 3 }))).toBe(3);
    expect(maxQuantity(offer({ perPersonLimit: 2, heldByMe: 2 }))).toBe(0);
  });
});

describe('directionsUrl', () => {
  it('asks the maps app for a route to the club coordinates', () => {
    expect(
      directionsUrl({
        id: 'c',
        slug: 'c',
        name: 'Sala',
        barrio: 'Centro',
        address: 'Gran Vía 1',
        latitude: 40.42,
        longitude: -3.7,
      }),
    ).toBe('https://www.google.com/maps/dir/?api=1&destination=40.42%2C-3.7');
  });
});

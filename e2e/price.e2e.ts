// One true price on a phone: a CEO's night has a 7 € presale that opens in three days, General at 10 € and
// "Entrada + 2 copas" at 15 €. Its card in the list says "Desde 10 €" (not the presale's 7 €), and its page's
// "Dónde" line says "10 € – 15 €", not the club's stated prices. A second night whose only type is paused says
// "Venta cerrada" on its card and its page, never a price.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { APIRequestContext, Browser } from 'playwright-core';
import { madridWallClock } from '@nocturna/shared/madrid-time';
import { ok, gotoLive, launch, newContext, snap, watchErrors } from './browser.ts';

const baseURL = inject('baseURL');
const DAY = 86_400_000;
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

type Created = { id: string; slug: string; name: string };

// A published night of the demo CEO's club, `days` ahead, with the given ticket types.
async function night(
  ceo: APIRequestContext,
  name: string,
  days: number,
  types: { name: string; priceCents: number; capacity: number; salesFrom?: string }[],
): Promise<Created & { typeIds: string[] }> {
  const clubs = await ok<{ items: { id: string }[] }>(ceo.get('/api/manage/clubs'));
  const event = await ok<{ id: string; slug: string }>(
    ceo.post('/api/manage/events', {
      headers: { origin: baseURL },
      data: {
        clubId: clubs.items[0]!.id,
        name,
        date: madridWallClock(new Date(Date.now() + days * DAY)).date,
        startTime: '23:30',
        endTime: '06:00',
        minimumAge: 18,
      },
    }),
  );
  // Each answer lists the event's types so far; the last is the one just added.
  const typeIds: string[] = [];
  for (const type of types) {
    const created = await ok<{ items: { id: string }[] }>(
      ceo.post(`/api/manage/events/${event.id}/ticket-types`, { headers: { origin: baseURL }, data: type }),
    );
    typeIds.push(created.items.at(-1)!.id);
  }
  await ok(
    ceo.post(`/api/manage/events/${event.id}/status`, {
      headers: { origin: baseURL },
      data: { status: 'published' },
    }),
  );
  return { ...event, name, typeIds };
}

describe('one true price at phone', () => {
  it('a card and an event page show what can be bought now: Desde 10 €, 10 € – 15 €, Venta cerrada', async () => {
    const tag = Date.now().toString(36);
    const ceo = await newContext(browser, 'phone', baseURL);
    await ok(
      ceo.request.post('/api/auth/sign-in/email', {
        headers: { origin: baseURL },
        data: { email: 'ceo@demo.nocturna.es', password: 'nocturna' },
      }),
    );
    const priced = await night(ceo.request, `Precio verdadero ${tag}`, 6, [
      {
        name: 'Preventa',
        priceCents: 700,
        capacity: 20,
        salesFrom: new Date(Date.now() + 3 * DAY).toISOString(),
      },
      { name: 'General', priceCents: 1000, capacity: 100 },
      { name: 'Entrada + 2 copas', priceCents: 1500, capacity: 50 },
    ]);
    const closed = await night(ceo.request, `Venta parada ${tag}`, 6, [
      { name: 'General', priceCents: 1200, capacity: 100 },
    ]);
    await ok(
      ceo.request.patch(`/api/manage/events/${closed.id}/ticket-types/${closed.typeIds[0]!}`, {
        headers: { origin: baseURL },
        data: { paused: true },
      }),
    );
    await ceo.close();

    const context = await newContext(browser, 'phone', baseURL);
    const page = await context.newPage();
    const errors = watchErrors(page);

    // The list: each card with its true price.
    await gotoLive(page, `/eventos?q=${encodeURIComponent(tag)}`);
    const card = (name: string) => page.locator('article').filter({ hasText: name });
    await card(priced.name).waitFor();
    await card(closed.name).waitFor();
    const priceOf = async (name: string) =>
      (await card(name).getByTestId('event-price').textContent())?.replace(/\u00a0/g, ' ');
    expect(await priceOf(priced.name)).toBe('Desde 10 €');
    expect(await priceOf(closed.name)).toBe('Venta cerrada');
    await card(priced.name).scrollIntoViewIfNeeded();
    await snap(page, 'price-cards-phone');

    // The event page: the "Dónde" line's range is what is on sale now.
    await gotoLive(page, `/evento/${priced.slug}`);
    await page.getByRole('heading', { name: priced.name, level: 1 }).waitFor();
    const venue = page.getByTestId('event-venue-line');
    await expect
      .poll(async () => (await venue.textContent())?.replace(/\u00a0/g, ' '))
      .toMatch(/ · 10 € – 15 €$/);
    await venue.scrollIntoViewIfNeeded();
    await snap(page, 'price-event-page-phone');

    await gotoLive(page, `/evento/${closed.slug}`);
    await page.getByRole('heading', { name: closed.name, level: 1 }).waitFor();
    const closedVenue = page.getByTestId('event-venue-line');
    await expect.poll(() => closedVenue.textContent()).toMatch(/ · Venta cerrada$/);
    await closedVenue.scrollIntoViewIfNeeded();
    await snap(page, 'price-event-page-closed-phone');

    expect(errors).toEqual([]);
    await context.close();
  });
});

// The waitlist at both viewports: a CEO's event sells its one place; a second person finds it "Agotado", joins
// the waitlist and sees her place; the holder cancels; she is offered the place and takes it, and has the ticket;
// then she puts it up for resale from the ticket pass and the first in line takes it (her QR dies).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { APIRequestContext, Browser } from 'playwright-core';
import { madridWallClock } from '@nocturna/shared/madrid-time';
import {
  ok,
  gotoLive,
  launch,
  newContext,
  snap,
  type ViewportName,
  VIEWPORTS,
  watchErrors,
} from './browser.ts';
import { seriousViolations } from './axe.ts';

const baseURL = inject('baseURL');
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

async function signUp(client: APIRequestContext, handle: string, first: string): Promise<void> {
  await ok(
    client.post('/api/auth/sign-up/email', {
      headers: { origin: baseURL },
      data: {
        email: `${handle}@example.com`,
        password: 'Noche-de-Chueca-42',
        name: `${first} Espera`,
        firstName: first,
        lastName: 'Espera',
        username: handle.slice(0, 30),
        phoneNumber: '+34612345678',
        dateOfBirth: '1997-05-20',
        gender: 'female',
        acceptTerms: true,
      },
    }),
  );
}

// A published event of the demo CEO's club with one pay-at-the-door type of a single place.
async function onePlaceEvent(ceo: APIRequestContext, tag: string) {
  await ok(
    ceo.post('/api/auth/sign-in/email', {
      headers: { origin: baseURL },
      data: { email: 'ceo@demo.nocturna.es', password: 'nocturna' },
    }),
  );
  const clubs = await ok<{ items: { id: string }[] }>(ceo.get('/api/manage/clubs'));
  const name = `Lista de espera ${tag}`;
  const event = await ok<{ id: string; slug: string }>(
    ceo.post('/api/manage/events', {
      headers: { origin: baseURL },
      data: {
        clubId: clubs.items[0]!.id,
        name,
        date: madridWallClock(new Date(Date.now() + 6 * 86_400_000)).date,
        startTime: '23:30',
        endTime: '06:00',
        minimumAge: 18,
      },
    }),
  );
  await ok(
    ceo.post(`/api/manage/events/${event.id}/ticket-types`, {
      headers: { origin: baseURL },
      data: { name: 'General', priceCents: 1200, capacity: 1 },
    }),
  );
  await ok(
    ceo.post(`/api/manage/events/${event.id}/status`, {
      headers: { origin: baseURL },
      data: { status: 'published' },
    }),
  );
  return { ...event, name };
}

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('fair tickets at %s', (viewport) => {
  it('sold out → join the waitlist → the holder cancels → the first in line is offered the place and gets the ticket', async () => {
    const tag = `${viewport}-${Date.now().toString(36)}`;
    const ceo = await newContext(browser, viewport, baseURL);
    const event = await onePlaceEvent(ceo.request, tag);

    // The only place goes to the holder.
    const holder = await newContext(browser, viewport, baseURL);
    await signUp(holder.request, `holder_${tag}`.replace(/-/g, '_'), 'Lucía');
    const offers = await ok<{ types: { id: string }[] }>(
      holder.request.get(`/api/events/${event.id}/ticket-types`),
    );
    const bought = await ok<{ tickets: { id: string }[] }>(
      holder.request.post('/api/tickets', {
        headers: { origin: baseURL, 'idempotency-key': crypto.randomUUID() },
        data: { ticketTypeId: offers.types[0]!.id, quantity: 1 },
      }),
    );

    const context = await newContext(browser, viewport, baseURL);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signUp(context.request, `fan_${tag}`.replace(/-/g, '_'), 'Carmen');
    await gotoLive(page, `/evento/${event.slug}`);
    await page.getByRole('heading', { name: event.name, level: 1 }).waitFor();
    const offer = page.getByTestId('ticket-offer');
    await offer.getByText('Agotado').waitFor();
    await offer.getByRole('button', { name: 'Apuntarme a la lista de espera de General' }).click();
    await expect.poll(() => page.getByTestId('waitlist-position').textContent()).toContain('eres el n.º 1');
    await offer.scrollIntoViewIfNeeded();
    await snap(page, `fair-tickets-waitlist-joined-${viewport}`);

    await ok(
      holder.request.post(`/api/tickets/${encodeURIComponent(bought.tickets[0]!.id)}/cancel`, {
        headers: { origin: baseURL },
      }),
    );
    // No reload: the offer's notification arrives over the socket and the page shows it at once (the list's own
    // poll is once a minute, longer than this wait).
    const box = page.getByTestId('waitlist-offer');
    await box.getByText('¡Hay una plaza para ti!').waitFor({ timeout: 15_000 });
    expect(await box.textContent()).toMatch(/antes de las \d\d:\d\d/);
    await box.scrollIntoViewIfNeeded();
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, `fair-tickets-offer-${viewport}`);

    await box.getByRole('button', { name: 'Coger mi entrada General' }).click();
    await page.getByText('¡Entrada conseguida desde la lista de espera!').waitFor();
    await snap(page, `fair-tickets-got-${viewport}`);
    await page.getByRole('link', { name: 'Ver mi entrada' }).click();
    // The page it leads to is drawn in the browser: the address changes once its module has loaded.
    await page.waitForURL(/\/tickets\?ticket=/);
    const mine = await ok<{ items: { id: string; event: { id: string }; status: string }[] }>(
      context.request.get('/api/tickets?when=upcoming'),
    );
    const got = mine.items.filter((x) => x.event.id === event.id);
    expect(got.map((x) => x.status)).toEqual(['valid']);

    // She cannot go after all: from the ticket pass she puts it up for resale at its price.
    const pass = page.getByTestId('ticket-pass');
    await pass.getByRole('button', { name: 'Revender a su precio (12 €)' }).click();
    await pass.getByRole('button', { name: 'Ponerla en reventa' }).click();
    await pass.getByText('En reventa a 12 €').waitFor();
    await pass.getByTestId('resale-controls').scrollIntoViewIfNeeded();
    await snap(page, `fair-tickets-resale-listed-${viewport}`);
    // The former holder joins the waitlist, is offered the listed ticket and takes it: Carmen's QR dies.
    const entry = await ok<{ id: string; status: string }>(
      holder.request.post(`/api/ticket-types/${offers.types[0]!.id}/waitlist`, {
        headers: { origin: baseURL },
      }),
    );
    expect(entry.status).toBe('offered');
    await ok(holder.request.post(`/api/waitlist/${entry.id}/accept`, { headers: { origin: baseURL } }));
    const after = await ok<{ status: string; token: string | null }>(
      context.request.get(`/api/tickets/${encodeURIComponent(got[0]!.id)}`),
    );
    expect(after).toMatchObject({ status: 'transferred', token: null });
    expect(errors).toEqual([]);
    await Promise.all([context.close(), holder.close(), ceo.close()]);
  });
});

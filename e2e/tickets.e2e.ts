// Tickets at both viewports: a new user gets a pay-at-the-door ticket on an event page, opens it in /tickets
// as a full-screen QR, and the ticket still shows after a reload with the network cut (the service worker's
// saved copy of the session and the tickets).
import { eventWithDoorOffer } from './door-offer.ts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { request, type APIRequestContext, type Browser, type BrowserContext } from 'playwright-core';
import {
  clientAddress,
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

async function signUp(context: BrowserContext, suffix: string) {
  await signUpWith(context.request, `marta${suffix}`, 'Marta', 'Taquilla');
}

async function signUpWith(
  client: APIRequestContext,
  handle: string,
  firstName: string,
  lastName: string,
): Promise<string> {
  const res = await client.post('/api/auth/sign-up/email', {
    headers: { origin: baseURL },
    data: {
      email: `${handle}@example.com`,
      password: 'Noche-de-Malasana-42',
      name: `${firstName} ${lastName}`,
      firstName,
      lastName,
      username: handle.slice(0, 30),
      phoneNumber: '+34612345678',
      dateOfBirth: '1996-03-14',
      gender: 'female',
      acceptTerms: true,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { user: { id: string } }).user.id;
}

// An event at least two days ahead with a paid pay-at-the-door type on sale.
const pickEvent = (context: BrowserContext) => eventWithDoorOffer(context, (o) => o.price.cents > 0);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('tickets at %s', (viewport) => {
  it('gets a ticket on the event page, opens its full-screen QR in /tickets, and still shows it offline', async () => {
    const context = await newContext(browser, viewport, baseURL);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const suffix = `${viewport}${Date.now().toString(36)}`;
    await signUp(context, suffix);
    const { slug, name, offer } = await pickEvent(context);

    // The event page: each type with its price and a way to get it.
    await gotoLive(page, `/evento/${slug}`);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    const get = page.getByRole('button', { name: `Conseguir entrada ${offer.name}` });
    await get.scrollIntoViewIfNeeded();
    await page.getByRole('heading', { level: 2, name: 'Entradas' }).scrollIntoViewIfNeeded();
    await snap(page, `tickets-${viewport}-01-event-offers`);
    expect(await seriousViolations(page, 'document')).toEqual([]);

    await get.click();
    const dialog = page.getByRole('dialog', { name: offer.name });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('en la puerta');
    await dialog.getByRole('button', { name: 'Una más' }).click();
    expect(await dialog.locator('output').textContent()).toBe('2');
    await dialog.getByRole('button', { name: 'Una más' }).click();
    await dialog.getByRole('button', { name: 'Una menos' }).click();
    await snap(page, `tickets-${viewport}-02-confirm`);
    await dialog.getByRole('button', { name: 'Confirmar 2 entradas' }).click();
    await page.getByRole('heading', { name: '¡2 entradas conseguidas!' }).waitFor();
    await snap(page, `tickets-${viewport}-03-done`);
    await page.getByRole('link', { name: 'Ver mis entradas' }).click();

    // /tickets opens that ticket full screen: white, a large QR, event, club, type, holder and time.
    await page.waitForURL('**/tickets?ticket=*');
    const pass = page.getByTestId('ticket-pass');
    await pass.getByTestId('ticket-qr').waitFor();
    expect(await pass.getByTestId('ticket-holder').textContent()).toBe('Marta Taquilla');
    const passText = (await pass.textContent()) ?? '';
    const firstTicketId = new URL(page.url()).searchParams.get('ticket')!;
    for (const text of [
      name,
      offer.name,
      'Válida · pago en la puerta',
      'Añadir al calendario',
      'Cómo llegar',
    ])
      expect(passText).toContain(text);
    expect(passText).toMatch(/\d{2}:\d{2}–\d{2}:\d{2}/);
    const qrBox = (await pass.getByTestId('ticket-qr').boundingBox())!;
    expect(qrBox.width).toBeGreaterThanOrEqual(Math.min(300, VIEWPORTS[viewport].width - 60));
    expect(await pass.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 255, 255)');
    expect(await pass.getByRole('link', { name: 'Añadir al calendario' }).getAttribute('href')).toMatch(
      /^\/api\/tickets\/.+\/calendar\.ics$/,
    );
    expect(await pass.getByRole('link', { name: 'Cómo llegar' }).getAttribute('href')).toMatch(
      /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=40\.\d+%2C-3\.\d+$/,
    );
    await snap(page, `tickets-${viewport}-04-pass`);

    // The list behind it.
    await pass.getByRole('button', { name: 'Cerrar' }).click();
    await page.getByRole('tab', { name: 'Próximas', selected: true }).waitFor();
    await page
      .getByRole('button', { name: new RegExp(escapeRegExp(name)) })
      .first()
      .waitFor();
    await snap(page, `tickets-${viewport}-05-list`);
    expect(await seriousViolations(page, 'document')).toEqual([]);

    // Once the service worker controls the page, a visit stores the session and the tickets for offline use.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller)
        await new Promise((r) =>
          navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }),
        );
    });
    const url = page.url();
    await page
      .getByRole('button', { name: new RegExp(escapeRegExp(name)) })
      .first()
      .click();
    await pass.getByTestId('ticket-qr').waitFor();
    const ticketUrl = page.url();
    await page.reload();
    await pass.getByTestId('ticket-qr').waitFor();
    const token = await pass.getByTestId('ticket-qr').innerHTML();
    // A QR on the screen means the session is kept too: offline, the app asks for it before showing any ticket (the
    // page the server drew said who was signed in, so the app itself need not have asked while online).
    expect(
      await page.evaluate(async () =>
        Boolean(await caches.match('/api/auth/get-session', { cacheName: 'nocturna-private-v2' })),
      ),
    ).toBe(true);

    // Underground: no network at all. The app, the session and the ticket come from the saved copies.
    await context.setOffline(true);
    const ticketAnswers: boolean[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/api/tickets'))
        ticketAnswers.push(response.fromServiceWorker());
    });
    await page.goto(ticketUrl);
    await pass.getByTestId('ticket-qr').waitFor();
    // The cut reaches the service worker too: what was never saved cannot load.
    expect(
      await page.evaluate(() =>
        fetch('/api/tickets?when=past').then(
          (r) => String(r.status),
          () => 'failed',
        ),
      ),
    ).toBe('failed');
    expect(await pass.getByTestId('ticket-qr').innerHTML()).toBe(token);
    expect(await pass.getByTestId('ticket-holder').textContent()).toBe('Marta Taquilla');
    await pass.getByText('Sin conexión: es la copia guardada en este móvil.').waitFor();
    expect(ticketAnswers.length).toBeGreaterThan(0);
    expect(ticketAnswers.every(Boolean)).toBe(true);
    await snap(page, `tickets-${viewport}-06-offline-pass`);
    await pass.getByRole('button', { name: 'Cerrar' }).click();
    await page
      .getByRole('button', { name: new RegExp(escapeRegExp(name)) })
      .first()
      .waitFor();
    await snap(page, `tickets-${viewport}-07-offline-list`);
    expect(page.url()).toBe(url);
    await context.setOffline(false);

    // Passing one ticket to a connection and cancelling the other, each after a confirmation.
    const friend = await request.newContext({
      baseURL,
      extraHTTPHeaders: { origin: baseURL, 'X-Forwarded-For': clientAddress() },
    });
    const friendId = await signUpWith(friend, `amigo${suffix}`, 'Pablo', 'Amigo');
    expect(
      (
        await context.request.post('/api/connections/requests', {
          headers: { origin: baseURL },
          data: { userId: friendId },
        })
      ).status(),
    ).toBe(200);
    const myId = ((await (await context.request.get('/api/me')).json()) as { user: { id: string } }).user.id;
    expect((await friend.post(`/api/connections/requests/${myId}/accept`)).status()).toBe(200);

    await page.goto(`/tickets?ticket=${encodeURIComponent(firstTicketId)}`);
    await pass.getByRole('button', { name: 'Pasar a una conexión' }).click();
    const transfer = page.getByRole('dialog', { name: 'Pasar la entrada' });
    await transfer.getByRole('radio', { name: /Pablo Amigo/ }).check();
    await snap(page, `tickets-${viewport}-08-transfer-pick`);
    await transfer.getByRole('button', { name: 'Continuar' }).click();
    const confirmTransfer = page.getByRole('dialog', { name: '¿Pasar la entrada a Pablo Amigo?' });
    await confirmTransfer.getByRole('button', { name: 'Sí, pasarla' }).click();
    await pass.getByText('Pasada a Pablo Amigo').first().waitFor();
    await confirmTransfer.waitFor({ state: 'detached' });
    expect(await pass.getByTestId('ticket-qr').count()).toBe(0);
    await snap(page, `tickets-${viewport}-09-transferred`);
    const received = (await (await friend.get('/api/tickets')).json()) as {
      items: { holderName: string; status: string }[];
    };
    expect(received.items).toMatchObject([{ holderName: 'Pablo Amigo', status: 'valid' }]);
    await friend.dispose();

    await pass.getByRole('button', { name: 'Cerrar' }).click();
    await page
      .getByRole('button', { name: new RegExp(escapeRegExp(name)) })
      .first()
      .click();
    await pass.getByRole('button', { name: 'Cancelar entrada' }).click();
    const cancel = page.getByRole('dialog', { name: '¿Cancelar la entrada?' });
    await snap(page, `tickets-${viewport}-10-cancel-confirm`);
    await cancel.getByRole('button', { name: 'Sí, cancelar' }).click();
    await pass.getByText('Cancelada').first().waitFor();
    await cancel.waitFor({ state: 'detached' });
    await pass.getByRole('button', { name: 'Cerrar' }).click();
    await page.getByText('No tienes entradas para los próximos días').waitFor();
    await page.getByRole('tab', { name: 'Pasadas' }).click();
    await expect.poll(() => page.locator('main li').count()).toBe(2);
    await snap(page, `tickets-${viewport}-11-past`);

    // Signing out leaves no ticket in the phone's offline cache.
    const privateEntries = () =>
      page.evaluate(async () => {
        const names = (await caches.keys()).filter((n) => n.startsWith('nocturna-private-'));
        const counts = await Promise.all(
          names.map(async (n) => (await (await caches.open(n)).keys()).length),
        );
        return counts.reduce((a, b) => a + b, 0);
      });
    expect(await privateEntries()).toBeGreaterThan(0);
    await page.goto('/test-auth');
    await page.getByRole('button', { name: 'Cerrar sesión', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(privateEntries).toBe(0);

    // Offline fetches fail by design (the socket, the unread badge); anything else is a real error. (Back online,
    // the socket's first poll may still carry the session the server closed meanwhile: watchErrors leaves out that
    // 400, after which the client connects afresh.)
    expect(
      errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR_FAILED|WebSocket/i.test(e)),
    ).toEqual([]);
    await context.close();
  });
});

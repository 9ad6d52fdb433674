// Paying online at both viewports, on its own server started with STRIPE_* pointing at the Stripe stand-in: the
// club's CEO sets a booking fee and adds an online type; a buyer sees the total with the fee, pays on the
// stand-in's checkout page ("Pagar"), comes back to the order page that turns "Pago confirmado" live — the
// stand-in keeps the webhook until the page is waiting, and the page must change before its 5 s poll could have
// brought it — and opens the ticket. A fee raised after the quote is refused with the new total on screen; going
// back from the checkout page instead ("Volver") gives the places back. A sold-out card type has a waitlist: a
// holder cancels, the first in line sees the offer's total with the fee, pays it on the checkout page and has the
// ticket.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { freePort } from '../scripts/free-port.ts';
import { startStripeStandIn, type StripeStandIn } from '../apps/server/test/stripe-stand-in.ts';
import { startServer, type ServerProcess } from './server-process.ts';
import { seriousViolations } from './axe.ts';
import { gotoLive, launch, newContext, snap, type ViewportName, VIEWPORTS, watchErrors } from './browser.ts';

let browser: Browser;
let stripe: StripeStandIn;
let server: ServerProcess;
let dataDir: string;
let baseURL: string;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nocturna-e2e-pay-'));
  server = await startServer({
    port: await freePort(),
    dataDir,
    env: {
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_BASE: stripe.url,
    },
  });
  baseURL = server.baseURL;
  stripe.setWebhookUrl(`${baseURL}/api/payments/stripe/webhook`);
  browser = await launch();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await stripe?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(context: BrowserContext, email: string, password: string) {
  const res = await context.request.post('/api/auth/sign-in/email', {
    headers: { origin: baseURL },
    data: { email, password },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function signUp(context: BrowserContext, handle: string) {
  const res = await context.request.post('/api/auth/sign-up/email', {
    headers: { origin: baseURL },
    data: {
      email: `${handle}@example.com`,
      password: 'Noche-de-Malasana-42',
      name: 'Lucía Tarjeta',
      firstName: 'Lucía',
      lastName: 'Tarjeta',
      username: handle.slice(0, 30),
      phoneNumber: '+34612345678',
      dateOfBirth: '1995-05-20',
      gender: 'female',
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

// As the demo CEO: a booking fee of 1,50 € on their club and a new online type on one of its coming events.
async function setFee(context: BrowserContext, clubId: string, serviceFeeCents: number) {
  const billing = await context.request.put(`/api/clubs/${clubId}/billing`, {
    headers: { origin: baseURL },
    data: { legalName: 'Noches de Madrid S.L.', nif: 'B87654321', vatPercent: 21, serviceFeeCents },
  });
  expect(billing.status(), await billing.text()).toBe(200);
}

async function onlineType(context: BrowserContext, name: string, capacity = 30) {
  await signIn(context, 'ceo@demo.nocturna.es', 'nocturna');
  const events = (await (await context.request.get('/api/manage/events?when=upcoming')).json()) as {
    items: { id: string; slug: string; name: string; clubId: string; status: string; startAt: string }[];
  };
  const event = events.items.find(
    (e) => e.status === 'published' && new Date(e.startAt).getTime() > Date.now() + 86_400_000,
  )!;
  await setFee(context, event.clubId, 150);
  const added = await context.request.post(`/api/manage/events/${event.id}/ticket-types`, {
    headers: { origin: baseURL },
    data: { name, priceCents: 1800, capacity, payment: 'online' },
  });
  expect(added.status(), await added.text()).toBe(201);
  const types = (await added.json()) as { items: { id: string; name: string }[] };
  await context.clearCookies();
  return { ...event, typeId: types.items.find((t) => t.name === name)!.id };
}

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('paying online at %s', (viewport) => {
  it('shows the total with the fee, pays on the checkout page and comes back to a confirmed order and its ticket', async () => {
    const context = await newContext(browser, viewport, baseURL);
    const typeName = `Online ${viewport}`;
    const event = await onlineType(context, typeName);
    await signUp(context, `lucia${viewport}${Date.now().toString(36)}`);
    const page = await context.newPage();
    const errors = watchErrors(page);

    await gotoLive(page, `/evento/${event.slug}`);
    const get = page.getByRole('button', { name: `Conseguir entrada ${typeName}` });
    await get.scrollIntoViewIfNeeded();
    // Enabled once the page knows this server takes cards (GET /api/payments/config).
    await page.getByRole('button', { name: `Conseguir entrada ${typeName}`, disabled: false }).waitFor();
    await get.click();
    const dialog = page.getByRole('dialog', { name: typeName });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Una más' }).click();
    // 2 × 18,00 € + 2 × 1,50 € of fee: the total on this screen is the total charged.
    await dialog
      .getByTestId('checkout-total')
      .filter({ hasText: /^39\s€$/ })
      .waitFor();
    expect(await dialog.getByTestId('checkout-summary').textContent()).toContain('Gastos de gestión');
    await snap(page, `payments-${viewport}-01-summary`);
    expect(await seriousViolations(page, 'document')).toEqual([]);
    await dialog.getByRole('button', { name: 'Pagar con tarjeta' }).click();

    // The stand-in's hosted checkout page charges exactly that.
    await page.waitForURL(`${stripe.url}/pay/**`);
    expect(await page.getByTestId('total').textContent()).toBe('39,00 €');
    await snap(page, `payments-${viewport}-02-checkout`);
    // Stripe's webhook is kept back until our page is waiting for it.
    stripe.setDelivery({ hold: true });
    const orderReads: string[] = [];
    page.on('response', (res) => {
      if (res.request().method() === 'GET' && /\/api\/payments\/orders\/[^/?]+$/.test(res.url()))
        void res
          .json()
          .then((o: { status: string }) => orderReads.push(o.status))
          .catch(() => undefined);
    });
    await page.getByRole('button', { name: 'Pagar' }).click();

    // Back on our order page: pending until the webhook lands, then confirmed live through the socket.
    await page.waitForURL('**/tickets/orders/*?checkout=success');
    await page
      .getByTestId('order-status')
      .filter({ hasText: 'Esperando la confirmación del pago' })
      .waitFor();
    await expect.poll(() => orderReads.length).toBeGreaterThan(0);
    stripe.setDelivery({});
    const released = Date.now();
    await stripe.releaseHeld();
    // Sooner than the page's 5 s poll, and with every read of the order still saying "pending": the socket did it.
    await page.getByTestId('order-status').filter({ hasText: 'Pago confirmado' }).waitFor({ timeout: 4000 });
    expect(Date.now() - released).toBeLessThan(4000);
    expect(orderReads.every((status) => status === 'pending')).toBe(true);
    const card = (await page.getByTestId('order-card').textContent()) ?? '';
    for (const text of ['39', event.name, 'Recibo NOC-']) expect(card).toContain(text);
    // Its history shows each step: held, paid (payment confirmed by Stripe), fulfilled (tickets issued).
    expect(await page.getByTestId('order-history').textContent()).toMatch(
      /Esperando la confirmación del pago.*Pago recibido.*Pago confirmado/,
    );
    await snap(page, `payments-${viewport}-03-confirmed`);
    expect(await seriousViolations(page, 'document')).toEqual([]);
    const receipt = await context.request.get(
      (await page.getByRole('link', { name: 'Descargar recibo (PDF)' }).getAttribute('href'))!,
    );
    expect(receipt.headers()['content-type']).toBe('application/pdf');

    // After a reload it still says so, and the ticket opens with its QR.
    await page.reload();
    await page.getByTestId('order-status').filter({ hasText: 'Pago confirmado' }).waitFor();
    await page.getByRole('link', { name: 'Ver mis entradas' }).click();
    await page.getByTestId('ticket-pass').getByTestId('ticket-qr').waitFor();
    await snap(page, `payments-${viewport}-04-ticket`);
    await page.getByTestId('ticket-pass').getByRole('button', { name: 'Cerrar' }).click();
    await page.getByRole('heading', { name: 'Pedidos con tarjeta' }).scrollIntoViewIfNeeded();
    await snap(page, `payments-${viewport}-05-history`);

    // The club raises its fee after the buyer saw the total: paying is refused and the new total is shown.
    await gotoLive(page, `/evento/${event.slug}`);
    await page.getByRole('button', { name: `Conseguir entrada ${typeName}` }).click();
    const again = page.getByRole('dialog', { name: typeName });
    await again
      .getByTestId('checkout-total')
      .filter({ hasText: /^19,50\s€$/ })
      .waitFor();
    const ceo = await newContext(browser, viewport, baseURL);
    await signIn(ceo, 'ceo@demo.nocturna.es', 'nocturna');
    await setFee(ceo, event.clubId, 200);
    await again.getByRole('button', { name: 'Pagar con tarjeta' }).click();
    await again.getByRole('alert').filter({ hasText: 'El precio ha cambiado' }).waitFor();
    expect(await again.getByRole('alert').textContent()).toMatch(/el total ahora es 20,00\s€/);
    await again
      .getByTestId('checkout-total')
      .filter({ hasText: /^20\s€$/ })
      .waitFor();
    await snap(page, `payments-${viewport}-06-price-changed`);
    await setFee(ceo, event.clubId, 150);
    await ceo.close();

    // Going back from the checkout page instead: the order ends and its places go back on sale.
    await gotoLive(page, `/evento/${event.slug}`);
    await page.getByRole('button', { name: `Conseguir entrada ${typeName}` }).click();
    await page
      .getByRole('dialog', { name: typeName })
      .getByRole('button', { name: 'Pagar con tarjeta', disabled: false })
      .click();
    await page.waitForURL(`${stripe.url}/pay/**`);
    await page.getByRole('link', { name: 'Volver' }).click();
    await page.waitForURL('**/tickets/orders/*?checkout=cancelled');
    await page.getByTestId('order-status').filter({ hasText: 'Reserva caducada' }).waitFor();
    await snap(page, `payments-${viewport}-07-abandoned`);
    // The refused payment's 409 is logged by the browser as a failed resource: it is the answer the page shows.
    expect(
      errors.filter((e) => !e.includes('status of 409 (Conflict) @ ') || !e.includes('/api/tickets')),
    ).toEqual([]);
    await context.close();
  }, 90_000);

  it('a sold-out card type: joins the waitlist, a holder cancels, the offer shows price + fee and is paid by card', async () => {
    const typeName = `Última ${viewport}`;
    // The only place of a new card type is bought and paid by card.
    const holder = await newContext(browser, viewport, baseURL);
    const event = await onlineType(holder, typeName, 1);
    const typeId = event.typeId;
    await signUp(holder, `holder${viewport}${Date.now().toString(36)}`);
    const bought = await holder.request.post('/api/tickets', {
      headers: { origin: baseURL, 'idempotency-key': crypto.randomUUID() },
      data: { ticketTypeId: typeId, quantity: 1 },
    });
    expect(bought.status(), await bought.text()).toBe(201);
    const holderOrder = ((await bought.json()) as { checkout: { orderId: string } }).checkout.orderId;
    const session = [...stripe.sessions.values()].find((s) => s.metadata.orderId === holderOrder)!;
    await stripe.pay(session.id);
    const orderOf = async () =>
      (await (await holder.request.get(`/api/payments/orders/${holderOrder}`)).json()) as {
        status: string;
        ticketIds: string[];
      };
    await expect.poll(async () => (await orderOf()).status).toBe('fulfilled');
    const holderTicket = (await orderOf()).ticketIds[0]!;

    const context = await newContext(browser, viewport, baseURL);
    await signUp(context, `espera${viewport}${Date.now().toString(36)}`);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await gotoLive(page, `/evento/${event.slug}`);
    const offer = page.getByTestId('ticket-offer').filter({ hasText: typeName });
    await offer.getByText('Agotado').waitFor();
    await offer.getByRole('button', { name: `Apuntarme a la lista de espera de ${typeName}` }).click();
    await expect.poll(() => offer.getByTestId('waitlist-position').textContent()).toContain('eres el n.º 1');

    // The holder cancels (refunded by card): the place is offered to her, with its total before paying.
    const cancelled = await holder.request.post(`/api/tickets/${encodeURIComponent(holderTicket)}/cancel`, {
      headers: { origin: baseURL },
    });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
    const box = offer.getByTestId('waitlist-offer');
    await box.getByText('¡Hay una plaza para ti!').waitFor({ timeout: 15_000 });
    const pay = box.getByRole('button', { name: /^Pagar 19,50\s€ con tarjeta$/ });
    await pay.waitFor();
    await box.scrollIntoViewIfNeeded();
    await snap(page, `payments-${viewport}-08-waitlist-offer`);
    expect(await seriousViolations(page, 'document')).toEqual([]);
    await pay.click();

    // The stand-in's checkout charges exactly that; back on the order page, it is paid and the ticket is hers.
    await page.waitForURL(`${stripe.url}/pay/**`);
    expect(await page.getByTestId('total').textContent()).toBe('19,50 €');
    await page.getByRole('button', { name: 'Pagar' }).click();
    await page.waitForURL('**/tickets/orders/*?checkout=success');
    await page.getByTestId('order-status').filter({ hasText: 'Pago confirmado' }).waitFor();
    await snap(page, `payments-${viewport}-09-waitlist-paid`);
    const mine = (await (await context.request.get('/api/tickets?when=upcoming')).json()) as {
      items: { event: { id: string }; status: string; type: string }[];
    };
    expect(mine.items.filter((x) => x.event.id === event.id).map((x) => x.status)).toEqual(['valid']);
    expect(errors).toEqual([]);
    await Promise.all([context.close(), holder.close()]);
  }, 90_000);
});

// Paying online at both viewports, on its own server started with STRIPE_* pointing at the Stripe stand-in: the
// club's CEO sets a booking fee and adds an online type; a buyer sees the total with the fee, pays on the
// stand-in's checkout page ("Pagar"), comes back to the order page that turns "Pago confirmado" live — the
// stand-in keeps the webhook until the page is waiting, and the page must change before its 5 s poll could have
// brought it — and opens the ticket. A fee raised after the quote is refused with the new total on screen; going
// back from the checkout page instead ("Volver") gives the places back.
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { gotoLive, newContext, snap, type ViewportName, VIEWPORTS, watchErrors } from './browser.ts';
import { cardJourneyFile, onlineType, setFee, signIn, signUp } from './payments-setup.ts';

const journey = cardJourneyFile();

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('paying online at %s', (viewport) => {
  it('shows the total with the fee, pays on the checkout page and comes back to a confirmed order and its ticket', async () => {
    const context = await newContext(journey.browser, viewport, journey.baseURL);
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
    await page.waitForURL(`${journey.stripe.url}/pay/**`);
    expect(await page.getByTestId('total').textContent()).toBe('39,00 €');
    await snap(page, `payments-${viewport}-02-checkout`);
    // Stripe's webhook is kept back until our page is waiting for it.
    journey.stripe.setDelivery({ hold: true });
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
    // The page's socket is up (a push sent before that is caught up by a read, which this journey must not need).
    await page.locator('[data-testid="order-status"][data-live="true"]').waitFor();
    journey.stripe.setDelivery({});
    await journey.stripe.releaseHeld();
    // Every read of the order still said "pending" when the page showed it paid: the socket told it, not a poll.
    await page.getByTestId('order-status').filter({ hasText: 'Pago confirmado' }).waitFor();
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
    const ceo = await newContext(journey.browser, viewport, journey.baseURL);
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
    await page.waitForURL(`${journey.stripe.url}/pay/**`);
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
});

// A sold-out card type's waitlist at both viewports, on its own card server (the Stripe stand-in): a holder
// cancels, the first in line sees the offer's total with the fee, pays it on the checkout page and has the ticket.
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { gotoLive, newContext, snap, type ViewportName, VIEWPORTS, watchErrors } from './browser.ts';
import { cardJourneyFile, onlineType, signUp } from './payments-setup.ts';

const journey = cardJourneyFile();

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('the waitlist of a card type at %s', (viewport) => {
  it('a sold-out card type: joins the waitlist, a holder cancels, the offer shows price + fee and is paid by card', async () => {
    const typeName = `Última ${viewport}`;
    // The only place of a new card type is bought and paid by card.
    const holder = await newContext(journey.browser, viewport, journey.baseURL);
    const event = await onlineType(holder, typeName, 1);
    const typeId = event.typeId;
    await signUp(holder, `holder${viewport}${Date.now().toString(36)}`);
    const bought = await holder.request.post('/api/tickets', {
      headers: { origin: journey.baseURL, 'idempotency-key': crypto.randomUUID() },
      data: { ticketTypeId: typeId, quantity: 1 },
    });
    expect(bought.status(), await bought.text()).toBe(201);
    const holderOrder = ((await bought.json()) as { checkout: { orderId: string } }).checkout.orderId;
    const session = [...journey.stripe.sessions.values()].find((s) => s.metadata.orderId === holderOrder)!;
    await journey.stripe.pay(session.id);
    const orderOf = async () =>
      (await (await holder.request.get(`/api/payments/orders/${holderOrder}`)).json()) as {
        status: string;
        ticketIds: string[];
      };
    await expect.poll(async () => (await orderOf()).status).toBe('fulfilled');
    const holderTicket = (await orderOf()).ticketIds[0]!;

    const context = await newContext(journey.browser, viewport, journey.baseURL);
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
      headers: { origin: journey.baseURL },
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
    await page.waitForURL(`${journey.stripe.url}/pay/**`);
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

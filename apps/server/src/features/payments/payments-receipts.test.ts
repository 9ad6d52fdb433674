// What a card order's receipt says (PDF and e-mail): the club's legal name and NIF, the lines, base, IVA at the
// club's rate and the total, as they were when the order was made; in the buyer's language. A club without billing
// cannot start selling by card. Stripe failing to open Checkout leaves the hold for a retry of the same request.
// On SQLite and PostgreSQL.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../test/test-app.ts';
import { caller, event, person, staffedClub, type Person } from '../../../test/door-fixture.ts';
import { buy, call, sessionUsers, soldOf, ticketEvent } from '../../../test/tickets-fixture.ts';
import { orderRow, paymentsApp, receiptMails, type PaymentsHarness } from '../../../test/payments-fixture.ts';
import { pdfText } from '../../../test/pdf-text.ts';

describe.each(DIALECTS)('receipts and opening Checkout on %s', (dialect) => {
  let h: PaymentsHarness;
  beforeAll(async () => {
    h = await paymentsApp(dialect);
  });
  afterAll(async () => h.close());

  const sessionOf = (orderId: string) =>
    [...h.stripe.sessions.values()].find((s) => s.metadata.orderId === orderId)!;

  async function billedEvent(billing: {
    legalName: string;
    nif: string;
    vatPercent: number;
    feeCents: number;
  }) {
    const ev = await ticketEvent(h.t.app.db, {
      types: [{ name: 'Anticipada', priceCents: 2000, capacity: 20, kind: 'online' }],
    });
    await h.t.app.db
      .insertInto('club_billing')
      .values({
        club_id: ev.clubId,
        legal_name: billing.legalName,
        nif: billing.nif,
        vat_percent: billing.vatPercent,
        service_fee_cents: billing.feeCents,
        updated_at: new Date().toISOString(),
      })
      .execute();
    return ev;
  }

  async function paidOrder(who: { cookie: string }, typeId: string, quantity: number) {
    const res = await buy(h.t.app, who, { ticketTypeId: typeId, quantity }, randomUUID());
    expect(res.statusCode, res.body).toBe(201);
    const orderId = res.json().checkout.orderId as string;
    await h.stripe.pay(sessionOf(orderId).id, { deliver: false }).then((e) => h.stripe.deliver(e));
    expect((await orderRow(h.t.app, orderId)).status).toBe('fulfilled');
    return orderId;
  }

  async function receiptText(who: { cookie: string }, orderId: string) {
    const pdf = await call(h.t.app, 'GET', `/api/payments/orders/${orderId}/receipt.pdf`, who.cookie);
    expect(pdf.statusCode).toBe(200);
    return pdfText(pdf.rawPayload);
  }

  async function receiptMail(orderId: string) {
    const mails = await receiptMails(h, orderId);
    expect(mails).toHaveLength(1);
    // Amounts are written with a no-break space before the euro sign: compared as plain spaces.
    return { ...mails[0]!, text: mails[0]!.text.replace(/[\u00a0\u202f]/g, ' ') };
  }

  it('the PDF and the e-mail carry legal name, NIF, lines, base, IVA at the club’s 10 % and total; a later billing edit does not rewrite them', async () => {
    const ev = await billedEvent({
      legalName: 'Noches del Pez S.L.',
      nif: 'B12345678',
      vatPercent: 10,
      feeCents: 150,
    });
    const [buyer] = await sessionUsers(h.t.app, 1);
    const orderId = await paidOrder(buyer!, ev.typeId(0), 2);
    // 2 × (20,00 + 1,50) = 43,00 € with 10 % IVA included: base 39,09 €, IVA 3,91 €.
    const text = await receiptText(buyer!, orderId);
    expect(text).toContain('Factura simplificada');
    expect(text).toContain('Noches del Pez S.L.');
    expect(text).toContain('NIF: B12345678');
    expect(text).toContain('2 × Anticipada (20,00 €)\n40,00 €');
    expect(text).toContain('2 × Gastos de gestión (1,50 €)\n3,00 €');
    expect(text).toContain('Base imponible\n39,09 €');
    expect(text).toContain('IVA (10 %)\n3,91 €');
    expect(text).toContain('Total\n43,00 €');

    const mail = await receiptMail(orderId);
    expect(mail.subject).toContain('Tu recibo');
    expect(mail.text).toContain('2 × Gastos de gestión: 3,00 €');
    expect(mail.text).toContain('Base imponible: 39,09 €');
    expect(mail.text).toContain('IVA (10 %): 3,91 €');
    expect(mail.text).toContain('Total: 43,00 €');
    expect(mail.text).toContain('Noches del Pez S.L. · NIF B12345678');

    // The club changes its billing: the old receipt keeps what was true when it was paid; a new one says the new.
    await h.t.app.db
      .updateTable('club_billing')
      .set({ legal_name: 'Otra Sociedad S.A.', nif: 'A87654321', vat_percent: 21 })
      .where('club_id', '=', ev.clubId)
      .execute();
    const again = await receiptText(buyer!, orderId);
    expect(again).toContain('Noches del Pez S.L.');
    expect(again).toContain('NIF: B12345678');
    expect(again).toContain('IVA (10 %)\n3,91 €');
    expect(again).not.toContain('Otra Sociedad');
    const newer = await paidOrder(buyer!, ev.typeId(0), 1);
    const newText = await receiptText(buyer!, newer);
    expect(newText).toContain('Otra Sociedad S.A.');
    expect(newText).toContain('NIF: A87654321');
    // 21,50 € with 21 % included: base 17,77 €, IVA 3,73 €.
    expect(newText).toContain('IVA (21 %)\n3,73 €');
  });

  it('an English-speaking buyer gets Checkout, the e-mail and the PDF in English, fee line included', async () => {
    const ev = await billedEvent({
      legalName: 'Sala Sol S.L.',
      nif: 'B11111111',
      vatPercent: 21,
      feeCents: 100,
    });
    const [buyer] = await sessionUsers(h.t.app, 1);
    await h.t.app.db.updateTable('users').set({ locale: 'en' }).where('id', '=', buyer!.id).execute();
    const res = await buy(h.t.app, buyer!, { ticketTypeId: ev.typeId(0), quantity: 1 }, randomUUID());
    const orderId = res.json().checkout.orderId as string;
    const session = sessionOf(orderId);
    expect(session.locale).toBe('en');
    expect(session.line_items[1]).toEqual({ name: 'Booking fee', quantity: 1, unit_amount: 100 });
    await h.stripe.pay(session.id, { deliver: false }).then((e) => h.stripe.deliver(e));
    const mail = await receiptMail(orderId);
    expect(mail.subject).toContain('Your receipt');
    expect(mail.text).toContain('1 × Booking fee: €1.00');
    expect(mail.text).not.toContain('Gastos de gestión');
    const text = await receiptText(buyer!, orderId);
    expect(text).toContain('1 × Booking fee (€1.00)');
    expect(text).toContain('Tax base');
    expect(text).not.toContain('Gastos de gestión');
  });

  it('a club without legal name and NIF cannot make a type payable by card until its billing is set', async () => {
    const admin: Person = await person(h.t.app, 'admin');
    const club = await staffedClub(h.t.app, admin);
    const call2 = caller(h.t.app);
    const ev = await event(h.t.app, club.club.id, { startsInHours: 48, types: [] });
    const refused = await call2('POST', `/api/manage/events/${ev.id}/ticket-types`, club.ceo.cookie, {
      name: 'Anticipada online',
      priceCents: 1800,
      capacity: 40,
      payment: 'online',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'BILLING_REQUIRED',
      field: 'payment',
      message: expect.stringContaining('razón social y el NIF'),
    });
    const types = await call2('GET', `/api/events/${ev.id}/ticket-types`);
    expect(types.json().types).toEqual([]);
    // At the door it can be sold; switching it to card is refused the same way.
    const door = await call2('POST', `/api/manage/events/${ev.id}/ticket-types`, club.ceo.cookie, {
      name: 'Taquilla',
      priceCents: 1800,
      capacity: 40,
      payment: 'door',
    });
    expect(door.statusCode).toBe(201);
    const typeId = door.json().items[0].id as string;
    const switched = await call2(
      'PATCH',
      `/api/manage/events/${ev.id}/ticket-types/${typeId}`,
      club.ceo.cookie,
      {
        payment: 'online',
      },
    );
    expect(switched.statusCode).toBe(409);
    expect(switched.json().error.code).toBe('BILLING_REQUIRED');
    const saved = await call2('PUT', `/api/clubs/${club.club.id}/billing`, club.ceo.cookie, {
      legalName: 'Sala Nueva S.L.',
      nif: 'B22222222',
      vatPercent: 21,
      serviceFeeCents: 0,
    });
    expect(saved.statusCode).toBe(200);
    const now = await call2('PATCH', `/api/manage/events/${ev.id}/ticket-types/${typeId}`, club.ceo.cookie, {
      payment: 'online',
    });
    expect(now.statusCode, now.body).toBe(200);
    expect(now.json().items[0].kind).toBe('online');
  });

  it('when Stripe fails to open Checkout the places stay held, and retrying the same request opens it (no "expired")', async () => {
    const ev = await billedEvent({
      legalName: 'Sala Sol S.L.',
      nif: 'B11111111',
      vatPercent: 21,
      feeCents: 0,
    });
    const [buyer] = await sessionUsers(h.t.app, 1);
    const key = randomUUID();
    h.stripe.failSessionCreates(10);
    const failed = await buy(h.t.app, buyer!, { ticketTypeId: ev.typeId(0), quantity: 2 }, key);
    h.stripe.failSessionCreates(0);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error).toMatchObject({
      code: 'PAYMENT_PROVIDER_ERROR',
      message: expect.stringContaining('Inténtalo de nuevo'),
    });
    const order = await h.t.app.db
      .selectFrom('payment_orders')
      .selectAll()
      .where('user_id', '=', buyer!.id)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: 'pending', checkout_url: null });
    expect(await soldOf(h.t.app.db, ev.typeId(0))).toBe(2);

    const retried = await buy(h.t.app, buyer!, { ticketTypeId: ev.typeId(0), quantity: 2 }, key);
    expect(retried.statusCode, retried.body).toBe(200);
    const checkout = retried.json().checkout;
    expect(checkout).toMatchObject({
      orderId: order.id,
      status: 'pending',
      url: expect.stringContaining('/pay/'),
    });
    expect([...h.stripe.sessions.values()].filter((s) => s.metadata.orderId === order.id)).toHaveLength(1);
    expect(sessionOf(order.id).success_url).toContain(`/tickets/orders/${order.id}?checkout=success`);
    await h.stripe.pay(sessionOf(order.id).id, { deliver: false }).then((e) => h.stripe.deliver(e));
    expect((await orderRow(h.t.app, order.id)).status).toBe('fulfilled');
    expect(await soldOf(h.t.app.db, ev.typeId(0))).toBe(2);
  });

  it('the buy carries the total shown: a fee changed since the quote is refused with 409 PRICE_CHANGED and nothing is held', async () => {
    const ev = await billedEvent({
      legalName: 'Sala Sol S.L.',
      nif: 'B11111111',
      vatPercent: 21,
      feeCents: 150,
    });
    const [buyer] = await sessionUsers(h.t.app, 1);
    const quote = await call(h.t.app, 'GET', `/api/payments/quote?ticketTypeId=${ev.typeId(0)}&quantity=2`);
    const shown = quote.json().total.cents as number;
    expect(shown).toBe(4300);
    // The club raises its fee between the quote and the click.
    await h.t.app.db
      .updateTable('club_billing')
      .set({ service_fee_cents: 250 })
      .where('club_id', '=', ev.clubId)
      .execute();
    const orders = async () =>
      (await h.t.app.db.selectFrom('payment_orders').select('id').where('user_id', '=', buyer!.id).execute())
        .length;
    const refused = await buy(h.t.app, buyer!, {
      ticketTypeId: ev.typeId(0),
      quantity: 2,
      expectedTotalCents: shown,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'PRICE_CHANGED',
      field: 'expectedTotalCents',
      message: expect.stringMatching(/el total ahora es 45,00\s€/),
    });
    expect(await orders()).toBe(0);
    expect(await soldOf(h.t.app.db, ev.typeId(0))).toBe(0);
    const fresh = await call(h.t.app, 'GET', `/api/payments/quote?ticketTypeId=${ev.typeId(0)}&quantity=2`);
    const ok = await buy(h.t.app, buyer!, {
      ticketTypeId: ev.typeId(0),
      quantity: 2,
      expectedTotalCents: fresh.json().total.cents,
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(sessionOf(ok.json().checkout.orderId).amount_total).toBe(4500);
  });
});

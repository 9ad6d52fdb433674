// Getting tickets through the API: free and pay-at-the-door types issued at once, online payment refused until a
// provider exists, Idempotency-Key retries, sales windows, hidden types and promoter codes, per-person limits,
// ids `userId_eventId`, history and the ticket_issued notification.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { signUp } from '../../../test/auth-helpers.ts';
import { buy, call, countTickets, hoursFromNow, soldOf, ticketEvent } from '../../../test/tickets-fixture.ts';

describe.each(DIALECTS)('getting tickets on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('answers 401 to visitors and changes nothing', async () => {
    const ev = await ticketEvent(t.app.db, { types: [{ name: 'General', priceCents: 1500, capacity: 10 }] });
    const response = await buy(t.app, { cookie: '' }, { ticketTypeId: ev.typeId(0), quantity: 1 });
    expect(response.statusCode).toBe(401);
    expect(await soldOf(t.app.db, ev.typeId(0))).toBe(0);
  });

  it('issues a free ticket at once with id userId_eventId, a signed token, history and a notification', async () => {
    const ev = await ticketEvent(t.app.db, {
      types: [
        { name: 'Lista gratis hasta la 01:30', priceCents: 0, capacity: 100, entryUntil: hoursFromNow(49.5) },
      ],
    });
    const user = await signUp(t.app);
    const response = await buy(t.app, user, { ticketTypeId: ev.typeId(0) });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.replayed).toBe(false);
    expect(body.tickets).toHaveLength(1);
    const ticket = body.tickets[0];
    expect(ticket).toMatchObject({
      id: `${user.id}_${ev.eventId}`,
      status: 'valid',
      type: 'Lista gratis hasta la 01:30',
      paymentStatus: 'free',
      price: { cents: 0, currency: 'EUR' },
      holderName: `${user.firstName} ${user.lastName}`,
      canCancel: true,
      canTransfer: true,
    });
    expect(ticket.token).toMatch(/^NT2\.[2-9A-Z]{8}\.[A-Z2-7]{13}\.[A-Z2-7]{103}$/);
    expect(Math.abs(new Date(ticket.entryUntil).getTime() - hoursFromNow(49.5).getTime())).toBeLessThan(
      60_000,
    );
    expect(ticket.club).toMatchObject({
      address: 'Calle del Pez 10, Madrid',
      latitude: 40.4251,
      longitude: -3.7059,
    });
    expect(await soldOf(t.app.db, ev.typeId(0))).toBe(1);

    const detail = (await call(t.app, 'GET', `/api/tickets/${ticket.id}`, user.cookie)).json();
    expect(detail.history).toEqual([{ action: 'issued', at: expect.any(String), counterpart: null }]);
    const notifications = (await call(t.app, 'GET', '/api/notifications', user.cookie)).json().items;
    expect(notifications).toHaveLength(1);
    expect(notifications[0]).toMatchObject({
      type: 'ticket_issued',
      refs: { ticketId: ticket.id, eventId: ev.eventId },
    });
    expect(notifications[0].title).toContain(`Noche`);
  });

  it('issues pay-at-the-door tickets as due at the door; further tickets of one person get _2, _3', async () => {
    const ev = await ticketEvent(t.app.db, { types: [{ name: 'General', priceCents: 1500, capacity: 100 }] });
    const user = await signUp(t.app);
    const first = (await buy(t.app, user, { ticketTypeId: ev.typeId(0), quantity: 2 })).json();
    expect(first.tickets.map((x: { id: string }) => x.id)).toEqual([
      `${user.id}_${ev.eventId}`,
      `${user.id}_${ev.eventId}_2`,
    ]);
    expect(first.tickets.every((x: { paymentStatus: string }) => x.paymentStatus === 'due_at_door')).toBe(
      true,
    );
    const second = (await buy(t.app, user, { ticketTypeId: ev.typeId(0), quantity: 1 })).json();
    expect(second.tickets[0].id).toBe(`${user.id}_${ev.eventId}_3`);
    expect(await soldOf(t.app.db, ev.typeId(0))).toBe(3);
    // One notification per order, not per ticket.
    const notifications = (await call(t.app, 'GET', '/api/notifications', user.cookie)).json().items;
    expect(notifications.map((n: { title: string }) => n.title)).toEqual([
      expect.stringMatching(/^Tu entrada/),
      expect.stringMatching(/^Tus 2 entradas/),
    ]);
  });

  it('refuses online-payment types while no card provider is configured, and writes nothing', async () => {
    const ev = await ticketEvent(t.app.db, {
      types: [{ name: 'Online', priceCents: 2000, capacity: 10, kind: 'online' }],
    });
    const user = await signUp(t.app);
    const response = await buy(t.app, user, { ticketTypeId: ev.typeId(0) });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('PAYMENT_UNAVAILABLE');
    expect(await countTickets(t.app.db, ev.typeId(0))).toBe(0);
    expect(await soldOf(t.app.db, ev.typeId(0))).toBe(0);
  });

  describe('Idempotency-Key', () => {
    it('is required', async () => {
      const ev = await ticketEvent(t.app.db, {
        types: [{ name: 'General', priceCents: 1000, capacity: 10 }],
      });
      const user = await signUp(t.app);
      const missing = await buy(t.app, user, { ticketTypeId: ev.typeId(0) }, null);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error).toMatchObject({
        code: 'IDEMPOTENCY_KEY_REQUIRED',
        field: 'idempotency-key',
      });
      const short = await buy(t.app, user, { ticketTypeId: ev.typeId(0) }, 'abc');
      expect(short.statusCode).toBe(400);
      expect(short.json().error.field).toBe('idempotency-key');
      expect(await soldOf(t.app.db, ev.typeId(0))).toBe(0);
    });

    it('a retry with the same key and body gets the same tickets back (200) and never a second ticket', async () => {
      const ev = await ticketEvent(t.app.db, {
        types: [{ name: 'General', priceCents: 1000, capacity: 10 }],
      });
      const user = await signUp(t.app);
      const key = 'retry-key-0001';
      const first = await buy(t.app, user, { ticketTypeId: ev.typeId(0), quantity: 2 }, key);
      expect(first.statusCode).toBe(201);
      const again = await buy(t.app, user, { ticketTypeId: ev.typeId(0), quantity: 2 }, key);
      expect(again.statusCode).toBe(200);
      expect(again.json().replayed).toBe(true);
      expect(again.json().tickets.map((x: { id: string }) => x.id)).toEqual(
        first.json().tickets.map((x: { id: string }) => x.id),
      );
      expect(await countTickets(t.app.db, ev.typeId(0))).toBe(2);
      expect(await soldOf(t.app.db, ev.typeId(0))).toBe(2);
      // The same key belongs to each person: another user may use it for their own order.
      const other = await signUp(t.app);
      expect((await buy(t.app, other, { ticketTypeId: ev.typeId(0), quantity: 1 }, key)).statusCode).toBe(
        201,
      );
    });

    it('the same key with a different body is refused with 422 and changes nothing', async () => {
      const ev = await ticketEvent(t.app.db, {
        types: [{ name: 'General', priceCents: 1000, capacity: 10 }],
      });
      const user = await signUp(t.app);
      const key = 'retry-key-0002';
      expect((await buy(t.app, user, { ticketTypeId: ev.typeId(0), quantity: 1 }, key)).statusCode).toBe(201);
      const changed = await buy(t.app, user, { ticketTypeId: ev.typeId(0), quantity: 3 }, key);
      expect(changed.statusCode).toBe(422);
      expect(changed.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
      expect(await countTickets(t.app.db, ev.typeId(0))).toBe(1);
    });

    it('a refused request does not burn its key: the retry is decided again', async () => {
      const ev = await ticketEvent(t.app.db, { types: [{ name: 'General', priceCents: 1000, capacity: 1 }] });
      const [a, b] = [await signUp(t.app), await signUp(t.app)];
      const first = (await buy(t.app, a, { ticketTypeId: ev.typeId(0) })).json().tickets[0];
      const key = 'retry-key-0003';
      expect((await buy(t.app, b, { ticketTypeId: ev.typeId(0) }, key)).json().error.code).toBe(
        'TICKETS_SOLD_OUT',
      );
      expect((await call(t.app, 'POST', `/api/tickets/${first.id}/cancel`, a.cookie)).statusCode).toBe(200);
      expect((await buy(t.app, b, { ticketTypeId: ev.typeId(0) }, key)).statusCode).toBe(201);
    });
  });

  it('sells a type only inside its sales window and while the event has not ended', async () => {
    const ev = await ticketEvent(t.app.db, {
      types: [
        { name: 'Preventa', priceCents: 1000, capacity: 10, salesFrom: hoursFromNow(5) },
        { name: 'Early bird', priceCents: 800, capacity: 10, salesUntil: hoursFromNow(-1) },
      ],
    });
    const ended = await ticketEvent(t.app.db, {
      startsInHours: -10,
      hours: 6,
      types: [{ name: 'General', priceCents: 1000, capacity: 10 }],
    });
    const draft = await ticketEvent(t.app.db, {
      status: 'draft',
      types: [{ name: 'General', priceCents: 1000, capacity: 10 }],
    });
    const user = await signUp(t.app);
    const code = async (typeId: string) =>
      (await buy(t.app, user, { ticketTypeId: typeId })).json().error.code;
    expect(await code(ev.typeId(0))).toBe('TICKET_SALES_NOT_STARTED');
    expect(await code(ev.typeId(1))).toBe('TICKET_SALES_CLOSED');
    expect(await code(ended.typeId(0))).toBe('TICKET_SALES_CLOSED');
    expect(await code(draft.typeId(0))).toBe('TICKET_TYPE_NOT_FOUND');
    expect(await code('no-such-type')).toBe('TICKET_TYPE_NOT_FOUND');
    for (const id of [ev.typeId(0), ev.typeId(1), ended.typeId(0), draft.typeId(0)])
      expect(await soldOf(t.app.db, id)).toBe(0);
  });

  it('sells a hidden type only with one of its promoter codes; a wrong code is a field error', async () => {
    const ev = await ticketEvent(t.app.db, {
      types: [
        { name: 'General', priceCents: 1500, capacity: 10 },
        { name: 'Lista RPP', priceCents: 500, capacity: 10, hidden: true, codes: [{ code: 'raquel25' }] },
      ],
    });
    const user = await signUp(t.app);
    const without = await buy(t.app, user, { ticketTypeId: ev.typeId(1) });
    expect(without.statusCode).toBe(404);
    expect(without.json().error.code).toBe('TICKET_TYPE_NOT_FOUND');
    expect((await buy(t.app, user, { ticketTypeId: ev.typeId(1), code: 'OTRO123' })).statusCode).toBe(404);
    const wrongForVisible = await buy(t.app, user, { ticketTypeId: ev.typeId(0), code: 'OTRO123' });
    expect(wrongForVisible.statusCode).toBe(400);
    expect(wrongForVisible.json().error).toMatchObject({ code: 'PROMO_CODE_INVALID', field: 'code' });
    const bad = await buy(t.app, user, { ticketTypeId: ev.typeId(0), code: 'no vale!' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('code');
    // Codes are matched without regard to case.
    const ok = await buy(t.app, user, { ticketTypeId: ev.typeId(1), code: 'Raquel25' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().tickets[0]).toMatchObject({ type: 'Lista RPP', price: { cents: 500 } });
    const row = await t.app.db
      .selectFrom('tickets')
      .select('promo_code')
      .where('id', '=', ok.json().tickets[0].id)
      .executeTakeFirstOrThrow();
    expect(row.promo_code).toBe('RAQUEL25');
  });

  it('holds the per-person limit across orders, and the quantity bounds', async () => {
    const ev = await ticketEvent(t.app.db, {
      types: [{ name: 'VIP', priceCents: 6000, capacity: 100, perPersonLimit: 3 }],
    });
    const user = await signUp(t.app);
    expect((await buy(t.app, user, { ticketTypeId: ev.typeId(0), quantity: 2 })).statusCode).toBe(201);
    const over = await buy(t.app, user, { ticketTypeId: ev.typeId(0), quantity: 2 });
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toMatchObject({
      code: 'TICKET_LIMIT_REACHED',
      message: 'Puedes tener como mucho 3 entradas de este tipo.',
      // The app words the limit in the reader's language from this number, not from the message.
      details: { limit: 3 },
    });
    expect((await buy(t.app, user, { ticketTypeId: ev.typeId(0), quantity: 4 })).json().error.code).toBe(
      'TICKET_LIMIT_REACHED',
    );
    expect((await buy(t.app, user, { ticketTypeId: ev.typeId(0), quantity: 1 })).statusCode).toBe(201);
    expect((await buy(t.app, user, { ticketTypeId: ev.typeId(0), quantity: 1 })).json().error.code).toBe(
      'TICKET_LIMIT_REACHED',
    );
    expect(await countTickets(t.app.db, ev.typeId(0))).toBe(3);
    for (const quantity of [0, 11, 1.5]) {
      const response = await buy(t.app, user, { ticketTypeId: ev.typeId(0), quantity });
      expect(response.statusCode, String(quantity)).toBe(400);
      expect(response.json().error.field).toBe('quantity');
    }
  });

  it('says "Agotado" when a request asks for more than is left', async () => {
    const ev = await ticketEvent(t.app.db, { types: [{ name: 'General', priceCents: 1000, capacity: 3 }] });
    const user = await signUp(t.app);
    expect((await buy(t.app, user, { ticketTypeId: ev.typeId(0), quantity: 2 })).statusCode).toBe(201);
    const response = await buy(t.app, user, { ticketTypeId: ev.typeId(0), quantity: 2 });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: 'TICKETS_SOLD_OUT',
      message: expect.stringMatching(/^Agotado/),
    });
    expect(await soldOf(t.app.db, ev.typeId(0))).toBe(2);
  });
});

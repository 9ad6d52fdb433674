// Honest money, through the real API on a real database (and the Stripe stand-in): a promoter never earns on a
// sale to themselves (their code, their link, the waitlist with their link, a resale of their own sale); a fixed
// commission never pays more than the ticket cost; a holder does not queue for what they hold and a seller is never
// offered their own listing; a Stripe completion whose session, amount or currency is not the order's issues
// nothing and leaves the order for review. On SQLite, and on PostgreSQL when configured.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RppDashboard } from '@nocturna/shared';
import { DIALECTS } from '../test-app.ts';
import { TEST_ORIGIN } from '../auth-helpers.ts';
import { caller, event, person, scan, staffedClub, type Person } from '../door-fixture.ts';
import { countTickets, sessionUsers, soldOf, ticketEvent } from '../tickets-fixture.ts';
import { countRows, orderRow, paymentsApp, type PaymentsHarness } from '../payments-fixture.ts';

type Someone = { id: string; cookie: string };

describe.each(DIALECTS)('honest money on %s', (dialect) => {
  let h: PaymentsHarness;
  let call: ReturnType<typeof caller>;
  let a: Awaited<ReturnType<typeof staffedClub>>;
  let raquel: Person;
  let pablo: Person;

  const app = () => h.t.app;
  const db = () => h.t.app.db;

  const buy = (who: Someone, typeId: string, extra: Record<string, unknown> = {}) =>
    app().inject({
      method: 'POST',
      url: '/api/tickets',
      headers: { origin: TEST_ORIGIN, cookie: who.cookie, 'idempotency-key': randomUUID() },
      payload: { ticketTypeId: typeId, quantity: 1, ...extra },
    });
  const join = (who: Someone, typeId: string, rpp?: string) =>
    call(
      'POST',
      `/api/ticket-types/${encodeURIComponent(typeId)}/waitlist${rpp ? `?rpp=${rpp}` : ''}`,
      who.cookie,
    );
  const accept = (who: Someone, entryId: string) =>
    call('POST', `/api/waitlist/${entryId}/accept`, who.cookie);
  const resell = (who: Someone, ticketId: string) =>
    call('POST', `/api/tickets/${encodeURIComponent(ticketId)}/resale`, who.cookie);
  const entryOf = async (who: Someone, eventId: string) =>
    (await call('GET', `/api/events/${eventId}/waitlist`, who.cookie)).json().items[0];
  const promoterOf = async (ticketId: string) =>
    (
      await db()
        .selectFrom('tickets')
        .select('promoter_id')
        .where('id', '=', ticketId)
        .executeTakeFirstOrThrow()
    ).promoter_id;
  const figures = async (who: Person, eventId: string) => {
    const res = await call('GET', '/api/rpp/dashboard', who.cookie);
    expect(res.statusCode).toBe(200);
    return (res.json() as RppDashboard).events.find((e) => e.id === eventId);
  };

  beforeAll(async () => {
    h = await paymentsApp(dialect);
    call = caller(app());
    const admin = await person(app(), 'admin');
    a = await staffedClub(app(), admin);
    raquel = await person(app(), 'rpp');
    pablo = await person(app(), 'rpp');
    // A night on sale at the club, so the defaults below are measured against its tickets (15 € the dearest).
    await event(app(), a.club.id, {
      startsInHours: 24,
      types: [{ name: 'General', priceCents: 1500, capacity: 100 }],
    });
    for (const [p, code] of [
      [raquel, 'RAQUELM'],
      [pablo, 'PABLOM'],
    ] as const) {
      const res = await call('POST', `/api/clubs/${a.club.id}/promoters`, a.ceo.cookie, {
        login: p.email,
        code,
        commission: { kind: 'fixed', value: 200 },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  });
  afterAll(async () => h?.close());

  // ---- a promoter's own sales ---------------------------------------------------------------------------------

  it('a promoter buying with their own code or their own link gets the ticket, attributed to nobody', async () => {
    const ev = await event(app(), a.club.id, {
      startsInHours: 24,
      types: [{ name: 'General', priceCents: 1500, capacity: 50, perPersonLimit: 10 }],
    });
    const ownCode = await buy(raquel, ev.typeId(0), { code: 'RAQUELM' });
    expect(ownCode.statusCode, ownCode.body).toBe(201);
    expect(await promoterOf(ownCode.json().tickets[0].id)).toBeNull();
    const ownLink = await buy(raquel, ev.typeId(0), { rpp: 'raquelm' });
    expect(ownLink.statusCode, ownLink.body).toBe(201);
    expect(await promoterOf(ownLink.json().tickets[0].id)).toBeNull();

    // Someone else through her link is still hers; her own purchases are not counted as her sales.
    const [stranger] = await sessionUsers(app(), 1);
    const sold = await buy(stranger!, ev.typeId(0), { rpp: 'RAQUELM' });
    expect(await promoterOf(sold.json().tickets[0].id)).toBe(raquel.id);
    expect((await figures(raquel, ev.id))?.sold).toBe(1);
  });

  it('a promoter joining a waitlist with their own link, or taking a resale of their own sale, earns nothing on it', async () => {
    const ev = await event(app(), a.club.id, {
      startsInHours: 48,
      types: [
        { name: 'General', priceCents: 1500, capacity: 1, perPersonLimit: 2 },
        { name: 'VIP', priceCents: 3000, capacity: 1, perPersonLimit: 2 },
      ],
    });
    const [holder, fan] = await sessionUsers(app(), 2);

    // A freed place, offered to her: she joined with her own link.
    const held = (await buy(holder!, ev.typeId(0))).json().tickets[0];
    const joined = await join(raquel, ev.typeId(0), 'RAQUELM');
    expect(joined.statusCode, joined.body).toBe(201);
    expect((await call('POST', `/api/tickets/${held.id}/cancel`, holder!.cookie)).statusCode).toBe(200);
    expect((await entryOf(raquel, ev.id)).status).toBe('offered');
    const taken = await accept(raquel, joined.json().id);
    expect(taken.statusCode, taken.body).toBe(201);
    expect(await promoterOf(taken.json().tickets[0].id)).toBeNull();

    // A resale of a ticket first sold through her link: the buyer is her, so the sale is nobody's.
    const sold = (await buy(fan!, ev.typeId(1), { rpp: 'RAQUELM' })).json().tickets[0];
    expect(await promoterOf(sold.id)).toBe(raquel.id);
    expect((await resell(fan!, sold.id)).statusCode).toBe(200);
    const offered = (await join(raquel, ev.typeId(1))).json();
    expect(offered.status).toBe('offered');
    const resold = await accept(raquel, offered.id);
    expect(resold.statusCode, resold.body).toBe(201);
    expect(await promoterOf(resold.json().tickets[0].id)).toBeNull();
  });

  // ---- fixed commissions --------------------------------------------------------------------------------------

  it('refuses a fixed commission above the face value it applies to, with the field, and changes nothing', async () => {
    const ev = await event(app(), a.club.id, {
      startsInHours: 24,
      types: [
        { name: 'General', priceCents: 1000, capacity: 100 },
        { name: 'VIP', priceCents: 5000, capacity: 10 },
      ],
    });
    const ruleUrl = `/api/clubs/${a.club.id}/promoters/${raquel.id}/rules/${ev.typeId(0)}`;
    const tooMuch = await call('PUT', ruleUrl, a.ceo.cookie, { kind: 'fixed', value: 100_000 });
    expect(tooMuch.statusCode, tooMuch.body).toBe(400);
    expect(tooMuch.json().error).toMatchObject({
      code: 'COMMISSION_ABOVE_PRICE',
      field: 'value',
      message: expect.stringContaining('10,00'),
    });
    expect((await call('PUT', ruleUrl, a.ceo.cookie, { kind: 'fixed', value: 1001 })).statusCode).toBe(400);
    const listed = (await call('GET', `/api/clubs/${a.club.id}/promoters`, a.ceo.cookie)).json();
    expect(listed.items.find((p: { userId: string }) => p.userId === raquel.id).rules).toEqual([]);
    // The face value itself is fine.
    expect((await call('PUT', ruleUrl, a.ceo.cookie, { kind: 'fixed', value: 1000 })).statusCode).toBe(204);

    // A club-wide default: nothing above the dearest ticket of the club's nights to come (50 € here).
    const patch = await call('PATCH', `/api/clubs/${a.club.id}/promoters/${pablo.id}`, a.ceo.cookie, {
      commission: { kind: 'fixed', value: 100_000 },
    });
    expect(patch.statusCode, patch.body).toBe(400);
    expect(patch.json().error).toMatchObject({ code: 'COMMISSION_ABOVE_PRICE', field: 'commission.value' });
    const newcomer = await person(app(), 'rpp');
    const attach = await call('POST', `/api/clubs/${a.club.id}/promoters`, a.ceo.cookie, {
      login: newcomer.email,
      commission: { kind: 'fixed', value: 5001 },
    });
    expect(attach.statusCode, attach.body).toBe(400);
    expect(attach.json().error).toMatchObject({ code: 'COMMISSION_ABOVE_PRICE', field: 'commission.value' });
    const after = (await call('GET', `/api/clubs/${a.club.id}/promoters`, a.ceo.cookie)).json();
    expect(after.items.find((p: { userId: string }) => p.userId === pablo.id).commission).toEqual({
      kind: 'fixed',
      value: 200,
    });
    expect(after.items.some((p: { userId: string }) => p.userId === newcomer.id)).toBe(false);
  });

  it('pays a fixed default at most the price of the ticket it was earned on', async () => {
    // Tonight: General 10 €, VIP 50 €; Pablo's default of 30 € is allowed (the VIP costs more) but a General
    // checked in earns him 10 €, a VIP 30 €.
    const ev = await event(app(), a.club.id, {
      types: [
        { name: 'General', priceCents: 1000, capacity: 100 },
        { name: 'VIP', priceCents: 5000, capacity: 10 },
      ],
    });
    const set = await call('PATCH', `/api/clubs/${a.club.id}/promoters/${pablo.id}`, a.ceo.cookie, {
      commission: { kind: 'fixed', value: 3000 },
    });
    expect(set.statusCode, set.body).toBe(204);
    const [buyer] = await sessionUsers(app(), 1);
    const general = (await buy(buyer!, ev.typeId(0), { rpp: 'PABLOM' })).json().tickets[0];
    const vip = (await buy(buyer!, ev.typeId(1), { rpp: 'PABLOM' })).json().tickets[0];
    expect((await scan(app(), a.door, ev.id, { token: general.token })).json().outcome).toBe('valid');
    expect((await scan(app(), a.door, ev.id, { token: vip.token })).json().outcome).toBe('valid');
    expect((await figures(pablo, ev.id))?.earned.cents).toBe(1000 + 3000);
    const statement = (await call('GET', `/api/rpp/statement?eventId=${ev.id}`, pablo.cookie)).json();
    expect(
      statement.lines.map((l: { ticketId: string; commissionCents: number }) => [
        l.ticketId,
        l.commissionCents,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [general.id, 1000],
        [vip.id, 3000],
      ]),
    );
    expect(statement.totals.commission.cents).toBe(4000);
    await call('PATCH', `/api/clubs/${a.club.id}/promoters/${pablo.id}`, a.ceo.cookie, {
      commission: { kind: 'fixed', value: 200 },
    });
  });

  // ---- the waitlist and resale --------------------------------------------------------------------------------

  it('refuses a holder joining the waitlist of the type they hold, in Spanish, and queues nothing', async () => {
    const ev = await ticketEvent(db(), {
      types: [{ name: 'General', priceCents: 1500, capacity: 1, perPersonLimit: 2 }],
    });
    const [holder] = await sessionUsers(app(), 1);
    expect((await buy(holder!, ev.typeId(0))).statusCode).toBe(201);
    const res = await join(holder!, ev.typeId(0));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'WAITLIST_ALREADY_HOLDER' });
    expect(res.json().error.message).toMatch(/Ya tienes una entrada/);
    const rows = await db()
      .selectFrom('ticket_waitlist')
      .select('id')
      .where('ticket_type_id', '=', ev.typeId(0))
      .execute();
    expect(rows).toEqual([]);
  });

  it('never offers a seller their own listing: the next in line gets it', async () => {
    const ev = await ticketEvent(db(), {
      types: [{ name: 'General', priceCents: 1500, capacity: 1, perPersonLimit: 2 }],
    });
    const typeId = ev.typeId(0);
    const [first, seller, next] = await sessionUsers(app(), 3);
    expect((await buy(first!, typeId)).statusCode).toBe(201);
    // The seller queues while she has no ticket, then gets one (the club adds a place and she buys it).
    const own = (await join(seller!, typeId)).json();
    const nextEntry = (await join(next!, typeId)).json();
    await db().updateTable('ticket_types').set({ capacity: 2 }).where('id', '=', typeId).execute();
    const mine = (await buy(seller!, typeId)).json().tickets[0];
    expect((await resell(seller!, mine.id)).statusCode).toBe(200);

    expect((await entryOf(seller!, ev.eventId)).status).toBe('waiting');
    expect((await entryOf(next!, ev.eventId)).status).toBe('offered');
    const self = await accept(seller!, own.id);
    expect(self.statusCode).toBe(409);
    expect(self.json().error.code).toBe('WAITLIST_OFFER_GONE');
    const taken = await accept(next!, nextEntry.id);
    expect(taken.statusCode, taken.body).toBe(201);
    const old = await db()
      .selectFrom('tickets')
      .select('status')
      .where('id', '=', mine.id)
      .executeTakeFirst();
    expect(old?.status).toBe('transferred');
  });

  // ---- the Stripe webhook -------------------------------------------------------------------------------------

  describe('a completed Checkout', () => {
    async function onlineType() {
      const ev = await ticketEvent(db(), {
        types: [{ name: 'Anticipada', priceCents: 2000, capacity: 10, kind: 'online' }],
      });
      await db()
        .insertInto('club_billing')
        .values({
          club_id: ev.clubId,
          legal_name: 'Noches del Pez S.L.',
          nif: 'B12345678',
          vat_percent: 21,
          service_fee_cents: 150,
          updated_at: new Date().toISOString(),
        })
        .execute();
      return ev.typeId(0);
    }

    async function paidCompletion() {
      const typeId = await onlineType();
      const [buyer] = await sessionUsers(app(), 1);
      const res = await buy(buyer!, typeId);
      expect(res.statusCode, res.body).toBe(201);
      const orderId = res.json().checkout.orderId as string;
      const session = [...h.stripe.sessions.values()].find((s) => s.metadata.orderId === orderId)!;
      expect(session.amount_total).toBe(2150);
      expect(await soldOf(db(), typeId)).toBe(1);
      const completed = await h.stripe.pay(session.id, { deliver: false });
      return { typeId, buyer: buyer!, orderId, session, completed };
    }

    it.each([
      ['amount', { amount_total: 150 }],
      ['currency', { currency: 'usd' }],
      ['session', { id: 'cs_test_someone_elses_session' }],
    ])('with the wrong %s issues nothing, flags the order and frees its places', async (reason, change) => {
      const c = await paidCompletion();
      const events = await countRows(app(), 'payment_events');
      const forged = { ...c.completed, data: { object: { ...c.completed.data.object, ...change } } };
      const res = await h.stripe.deliver(forged);
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body).outcome).toBe('review');
      const order = await orderRow(app(), c.orderId);
      expect(order).toMatchObject({ status: 'review', review_reason: reason, receipt_number: null });
      expect(await countTickets(db(), c.typeId)).toBe(0);
      expect(await soldOf(db(), c.typeId)).toBe(0);
      expect(await countRows(app(), 'payment_events')).toBe(events + 1);
      // The buyer sees it under review; a second delivery changes nothing, nor does the real one coming after.
      const view = await call('GET', `/api/payments/orders/${c.orderId}`, c.buyer.cookie);
      expect(view.statusCode, view.body).toBe(200);
      expect(view.json()).toMatchObject({ status: 'review', ticketIds: [] });
      expect(JSON.parse((await h.stripe.deliver(forged)).body).outcome).toBe('duplicate');
      const genuine = { ...c.completed, id: `evt_${randomUUID()}` };
      expect(JSON.parse((await h.stripe.deliver(genuine)).body).outcome).toBe('unchanged');
      expect(await countTickets(db(), c.typeId)).toBe(0);
      expect((await orderRow(app(), c.orderId)).status).toBe('review');
    });

    it('matching the order in session, amount and currency issues the tickets', async () => {
      const c = await paidCompletion();
      const res = await h.stripe.deliver(c.completed);
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body).outcome).toBe('fulfilled');
      expect(await orderRow(app(), c.orderId)).toMatchObject({ status: 'fulfilled', review_reason: null });
      expect(await countTickets(db(), c.typeId)).toBe(1);
      expect(await soldOf(db(), c.typeId)).toBe(1);
    });
  });
});

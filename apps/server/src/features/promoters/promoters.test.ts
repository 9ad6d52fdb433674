// Promoters (RPP): a club's CEO attaches promoters with a commission; a sale through a promoter's link
// (`rpp`) or code is theirs (a typed code beats the link; the browser sends the last link clicked); commission is
// earned only when the door lets the ticket in; guest lists keep their cupo and closing time under concurrency;
// statements freeze when paid and later changes come as adjustments; a promoter sees only their own.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { madridWallClock, type RppDashboard, type Statement } from '@nocturna/shared';
import { DIALECTS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { TEST_ORIGIN } from '../../../test/auth-helpers.ts';
import { caller, event, person, scan, staffedClub, type Person } from '../../../test/door-fixture.ts';
import { connectPeople } from '../../../test/people-helpers.ts';

describe.each(DIALECTS)('promoters on %s', (dialect) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let admin: Person;
  let a: Awaited<ReturnType<typeof staffedClub>>;
  let other: Awaited<ReturnType<typeof staffedClub>>;
  let raquel: Person;
  let pablo: Person;
  let tonight: Awaited<ReturnType<typeof event>>;

  const buy = (buyer: Person, typeId: string, extra: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/tickets',
      headers: { origin: TEST_ORIGIN, cookie: buyer.cookie, 'idempotency-key': randomUUID() },
      payload: { ticketTypeId: typeId, quantity: 1, ...extra },
    });
  const promoterOf = async (ticketId: string) =>
    (
      await t.app.db
        .selectFrom('tickets')
        .select('promoter_id')
        .where('id', '=', ticketId)
        .executeTakeFirstOrThrow()
    ).promoter_id;
  const dashboard = async (who: Person) => {
    const res = await call('GET', '/api/rpp/dashboard', who.cookie);
    expect(res.statusCode).toBe(200);
    return res.json() as RppDashboard;
  };
  const eventFigures = async (who: Person, eventId: string) =>
    (await dashboard(who)).events.find((e) => e.id === eventId)!;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    call = caller(t.app);
    admin = await person(t.app, 'admin');
    a = await staffedClub(t.app, admin);
    other = await staffedClub(t.app, admin);
    raquel = await person(t.app, 'rpp');
    pablo = await person(t.app, 'rpp');
    // Started an hour ago: the door is open. General 15 €, Lista (free).
    tonight = await event(t.app, a.club.id, {
      types: [
        { name: 'General', priceCents: 1500, capacity: 300 },
        { name: 'Lista', priceCents: 0, capacity: 100 },
      ],
    });
    const attach = (p: Person, code: string, commission: unknown) =>
      call('POST', `/api/clubs/${a.club.id}/promoters`, a.ceo.cookie, { login: p.email, code, commission });
    expect((await attach(raquel, 'RAQUEL', { kind: 'fixed', value: 200 })).statusCode).toBe(201);
    expect((await attach(pablo, 'PABLO', { kind: 'percent', value: 1000 })).statusCode).toBe(201);
  });
  afterAll(async () => t.close());

  it('lets only the club CEO attach promoters, only people with the RPP role, each code once', async () => {
    const nobody = await person(t.app);
    const notRpp = await call('POST', `/api/clubs/${a.club.id}/promoters`, a.ceo.cookie, {
      login: nobody.email,
      commission: { kind: 'fixed', value: 100 },
    });
    expect(notRpp.statusCode).toBe(400);
    expect(notRpp.json().error.field).toBe('login');
    const stranger = await call('POST', `/api/clubs/${a.club.id}/promoters`, other.ceo.cookie, {
      login: raquel.email,
      commission: { kind: 'fixed', value: 100 },
    });
    expect(stranger.statusCode).toBe(403);
    const dup = await call('POST', `/api/clubs/${other.club.id}/promoters`, other.ceo.cookie, {
      login: pablo.email,
      code: 'RAQUEL',
      commission: { kind: 'fixed', value: 100 },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe('PROMOTER_CODE_TAKEN');
    const badRule = await call('POST', `/api/clubs/${a.club.id}/promoters`, a.ceo.cookie, {
      login: pablo.email,
      commission: { kind: 'percent', value: 20_000 },
    });
    expect(badRule.statusCode).toBe(400);
    const list = await call('GET', `/api/clubs/${a.club.id}/promoters`, a.ceo.cookie);
    expect(list.statusCode).toBe(200);
    expect(
      list
        .json()
        .items.map((p: { code: string }) => p.code)
        .sort(),
    ).toEqual(['PABLO', 'RAQUEL']);
    expect((await call('GET', `/api/clubs/${a.club.id}/promoters`, raquel.cookie)).statusCode).toBe(403);
  });

  it('attributes a sale to the link it came through, and a typed promoter code over the link', async () => {
    const buyer = await person(t.app);
    const viaLink = await buy(buyer, tonight.typeId(0), { rpp: 'raquel' });
    expect(viaLink.statusCode).toBe(201);
    expect(await promoterOf(viaLink.json().tickets[0].id)).toBe(raquel.id);

    // The event page tells the buyer a promoter code is good (it unlocks nothing, but the sale is theirs).
    const offers = await call('GET', `/api/events/${tonight.id}/ticket-types?code=pablo`);
    expect(offers.json().code).toBe('promoter');
    const viaCode = await buy(buyer, tonight.typeId(0), { code: 'PABLO', rpp: 'RAQUEL' });
    expect(viaCode.statusCode).toBe(201);
    expect(await promoterOf(viaCode.json().tickets[0].id)).toBe(pablo.id);

    // A code of another club's promoter, or an unknown one, attributes nothing.
    const unknown = await buy(buyer, tonight.typeId(0), { rpp: 'NADIE' });
    expect(unknown.statusCode).toBe(201);
    expect(await promoterOf(unknown.json().tickets[0].id)).toBeNull();
  });

  it('follows the last link clicked: the browser sends it, the ticket keeps it', async () => {
    // The web app keeps only the last `?rpp=` (attribution.test.ts); here, two buyers each carry a different one.
    const first = await person(t.app);
    const second = await person(t.app);
    const r1 = await buy(first, tonight.typeId(0), { rpp: 'PABLO' });
    const r2 = await buy(second, tonight.typeId(0), { rpp: 'RAQUEL' });
    expect(await promoterOf(r1.json().tickets[0].id)).toBe(pablo.id);
    expect(await promoterOf(r2.json().tickets[0].id)).toBe(raquel.id);
  });

  it('pays commission only on check-in: fixed per ticket, a percentage, a per-type rule over the default', async () => {
    const ev = await event(t.app, a.club.id, {
      types: [
        { name: 'General', priceCents: 2000, capacity: 100 },
        { name: 'VIP', priceCents: 5000, capacity: 10 },
      ],
    });
    // Raquel earns 2 € a General by default, 7,50 € a VIP by rule.
    const rule = await call(
      'PUT',
      `/api/clubs/${a.club.id}/promoters/${raquel.id}/rules/${ev.typeId(1)}`,
      a.ceo.cookie,
      { kind: 'fixed', value: 750 },
    );
    expect(rule.statusCode).toBe(204);
    // The CEO's screen lists the rule and the types a rule can be set on.
    const listed = (await call('GET', `/api/clubs/${a.club.id}/promoters`, a.ceo.cookie)).json();
    expect(listed.ticketTypes.map((x: { id: string }) => x.id)).toEqual(
      expect.arrayContaining([ev.typeId(0), ev.typeId(1)]),
    );
    expect(listed.items.find((p: { userId: string }) => p.userId === raquel.id).rules).toEqual([
      expect.objectContaining({
        ticketTypeId: ev.typeId(1),
        typeName: 'VIP',
        commission: { kind: 'fixed', value: 750 },
      }),
    ]);
    const tooMuch = await call(
      'PUT',
      `/api/clubs/${a.club.id}/promoters/${raquel.id}/rules/${ev.typeId(0)}`,
      a.ceo.cookie,
      { kind: 'percent', value: 15_000 },
    );
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error).toMatchObject({
      field: 'value',
      message: expect.stringContaining('Un porcentaje es como mucho el 100 %.'),
    });
    const elsewhere = await event(t.app, other.club.id);
    const foreign = await call(
      'PUT',
      `/api/clubs/${a.club.id}/promoters/${raquel.id}/rules/${elsewhere.typeId(0)}`,
      a.ceo.cookie,
      { kind: 'fixed', value: 100 },
    );
    expect(foreign.statusCode).toBe(404);
    const buyer = await person(t.app);
    const general = (await buy(buyer, ev.typeId(0), { rpp: 'RAQUEL' })).json().tickets[0];
    const vip = (await buy(buyer, ev.typeId(1), { rpp: 'RAQUEL' })).json().tickets[0];
    const pabloSale = (await buy(buyer, ev.typeId(0), { rpp: 'PABLO' })).json().tickets[0];

    let figures = await eventFigures(raquel, ev.id);
    expect(figures.sold).toBe(2);
    expect(figures.checkedIn).toBe(0);
    expect(figures.earned.cents).toBe(0);

    expect((await scan(t.app, a.door, ev.id, { token: general.token })).json().outcome).toBe('valid');
    figures = await eventFigures(raquel, ev.id);
    expect(figures.checkedIn).toBe(1);
    expect(figures.earned.cents).toBe(200);
    expect(figures.byType.find((x) => x.name === 'General')).toMatchObject({ sold: 1, checkedIn: 1 });

    await scan(t.app, a.door, ev.id, { token: vip.token });
    await scan(t.app, a.door, ev.id, { token: pabloSale.token });
    expect((await eventFigures(raquel, ev.id)).earned.cents).toBe(200 + 750);
    // Pablo: 10 % of 20 €.
    expect((await eventFigures(pablo, ev.id)).earned.cents).toBe(200);
  });

  it('hands out a list place and its ticket until the cupo; the door shows "Lista de {promotor}"', async () => {
    const closesAt = new Date(Date.now() + 2 * 3600_000).toISOString();
    const created = await call('POST', `/api/rpp/events/${tonight.id}/lists`, raquel.cookie, {
      name: 'Gratis hasta la 01:30',
      ticketTypeId: tonight.typeId(1),
      capacity: 2,
      closesAt,
    });
    expect(created.statusCode).toBe(201);
    const list = created.json() as { id: string; signupToken: string };
    const paid = await call('POST', `/api/rpp/events/${tonight.id}/lists`, raquel.cookie, {
      name: 'De pago',
      ticketTypeId: tonight.typeId(0),
      capacity: 2,
      closesAt,
    });
    expect(paid.statusCode).toBe(400);
    expect(paid.json().error.field).toBe('ticketTypeId');

    const guest = await person(t.app);
    const joined = await call('POST', `/api/lists/${list.signupToken}/join`, guest.cookie);
    expect(joined.statusCode).toBe(201);
    const again = await call('POST', `/api/lists/${list.signupToken}/join`, guest.cookie);
    expect(again.json().error.code).toBe('ALREADY_ON_LIST');
    const named = await call('POST', `/api/rpp/lists/${list.id}/guests`, raquel.cookie, {
      name: 'Lucía Gómez',
    });
    expect(named.statusCode).toBe(201);
    const late = await call('POST', `/api/lists/${list.signupToken}/join`, (await person(t.app)).cookie);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('GUEST_LIST_FULL');

    // The guest's ticket is a real one of the list's type, with a QR the door accepts.
    const mine = await call('GET', `/api/tickets/${joined.json().ticketId}`, guest.cookie);
    expect(mine.json()).toMatchObject({ type: 'Lista', status: 'valid' });
    const door = await scan(t.app, a.door, tonight.id, { token: mine.json().token });
    expect(door.json().outcome).toBe('valid');
    expect(door.json().ticket.listOf).toBe(raquel.name);
    const byName = await scan(t.app, a.door, tonight.id, { ticketId: named.json().ticketId });
    expect(byName.json().ticket).toMatchObject({ holderName: 'Lucía Gómez', listOf: raquel.name });

    const detail = await call('GET', `/api/rpp/lists/${list.id}`, raquel.cookie);
    expect(detail.json()).toMatchObject({ filled: 2, checkedIn: 2, capacity: 2 });
    // Another promoter's list is not theirs to read or fill.
    expect((await call('GET', `/api/rpp/lists/${list.id}`, pablo.cookie)).statusCode).toBe(403);
    expect(
      (await call('POST', `/api/rpp/lists/${list.id}/guests`, pablo.cookie, { name: 'Intruso' })).statusCode,
    ).toBe(403);
  });

  it('refuses a place once the list has closed', async () => {
    const created = await call('POST', `/api/rpp/events/${tonight.id}/lists`, raquel.cookie, {
      name: 'Cierra pronto',
      ticketTypeId: tonight.typeId(1),
      capacity: 50,
      closesAt: new Date(Date.now() + 3600_000).toISOString(),
    });
    const list = created.json() as { id: string; signupToken: string };
    const past = await call('POST', `/api/rpp/events/${tonight.id}/lists`, raquel.cookie, {
      name: 'Ya cerrada',
      ticketTypeId: tonight.typeId(1),
      capacity: 50,
      closesAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.field).toBe('closesAt');
    // The clock moves on: the closing time is now behind us.
    await t.app.db
      .updateTable('guest_lists')
      .set({ closes_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', list.id)
      .execute();
    const res = await call('POST', `/api/lists/${list.signupToken}/join`, (await person(t.app)).cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('GUEST_LIST_CLOSED');
    expect((await call('GET', `/api/lists/${list.signupToken}`)).json().state).toBe('closed');
  });

  it('gives the last place of a list to exactly one of many people asking at once', async () => {
    const ev = await event(t.app, a.club.id, {
      startsInHours: 24,
      types: [{ name: 'Lista', priceCents: 0, capacity: 500 }],
    });
    const created = await call('POST', `/api/rpp/events/${ev.id}/lists`, raquel.cookie, {
      name: 'Última plaza',
      ticketTypeId: ev.typeId(0),
      capacity: 1,
      closesAt: new Date(Date.now() + 20 * 3600_000).toISOString(),
    });
    const list = created.json() as { id: string; signupToken: string };
    const people = await Promise.all(Array.from({ length: 12 }, () => person(t.app)));
    const answers = await Promise.all(
      people.map((p) => call('POST', `/api/lists/${list.signupToken}/join`, p.cookie)),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(11);
    const tickets = await t.app.db
      .selectFrom('tickets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('guest_list_id', '=', list.id)
      .executeTakeFirstOrThrow();
    expect(Number(tickets.n)).toBe(1);
    const row = await t.app.db
      .selectFrom('guest_lists')
      .select('filled')
      .where('id', '=', list.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.filled)).toBe(1);
  });

  it('keeps the promoter of a transferred ticket: counted once, paid when the new holder comes in', async () => {
    const ev = await event(t.app, a.club.id, {
      types: [{ name: 'General', priceCents: 1000, capacity: 50 }],
    });
    const buyer = await person(t.app);
    const friend = await person(t.app);
    const sold = (await buy(buyer, ev.typeId(0), { rpp: 'RAQUEL' })).json().tickets[0];
    await connectPeople(t.app, buyer, friend);
    const passed = await call('POST', `/api/tickets/${sold.id}/transfer`, buyer.cookie, {
      toUserId: friend.id,
    });
    expect(passed.statusCode, passed.body).toBe(200);
    const moved = await t.app.db
      .selectFrom('tickets')
      .select(['id', 'qr_code', 'promoter_id'])
      .where('transferred_from', '=', sold.id)
      .executeTakeFirstOrThrow();
    expect(moved.promoter_id).toBe(raquel.id);
    // One sale, not two: the old ticket is not counted beside the one it became.
    expect(await eventFigures(raquel, ev.id)).toMatchObject({ sold: 1, checkedIn: 0, earned: { cents: 0 } });

    expect((await scan(t.app, a.door, ev.id, { token: moved.qr_code })).json().outcome).toBe('valid');
    expect(await eventFigures(raquel, ev.id)).toMatchObject({
      sold: 1,
      checkedIn: 1,
      earned: { cents: 200 },
    });
    const statement = (
      await call('GET', `/api/rpp/statement?eventId=${ev.id}`, raquel.cookie)
    ).json() as Statement;
    expect(statement.lines.map((l) => [l.ticketId, l.status, l.commissionCents])).toEqual([
      [moved.id, 'used', 200],
    ]);
    expect(statement.totals).toMatchObject({ tickets: 1, checkedIn: 1, commission: { cents: 200 } });
  });

  it('keeps the list of a transferred list ticket: the door still says whose list it is', async () => {
    const ev = await event(t.app, a.club.id, { types: [{ name: 'Lista', priceCents: 0, capacity: 50 }] });
    const made = await call('POST', `/api/rpp/events/${ev.id}/lists`, raquel.cookie, {
      name: 'Lista transfer',
      ticketTypeId: ev.typeId(0),
      capacity: 5,
      closesAt: new Date(Date.now() + 3 * 3600_000).toISOString(),
    });
    expect(made.statusCode, made.body).toBe(201);
    const guest = await person(t.app);
    const friend = await person(t.app);
    const joined = await call('POST', `/api/lists/${made.json().signupToken}/join`, guest.cookie);
    expect(joined.statusCode, joined.body).toBe(201);
    await connectPeople(t.app, guest, friend);
    const passed = await call('POST', `/api/tickets/${joined.json().ticketId}/transfer`, guest.cookie, {
      toUserId: friend.id,
    });
    expect(passed.statusCode, passed.body).toBe(200);
    const moved = await t.app.db
      .selectFrom('tickets')
      .select(['qr_code', 'promoter_id', 'guest_list_id'])
      .where('transferred_from', '=', joined.json().ticketId)
      .executeTakeFirstOrThrow();
    expect(moved).toMatchObject({ promoter_id: raquel.id, guest_list_id: made.json().id });
    const door = (await scan(t.app, a.door, ev.id, { token: moved.qr_code })).json();
    expect(door.outcome).toBe('valid');
    expect(door.ticket.listOf).toBe(raquel.name);
    const list = (await call('GET', `/api/rpp/lists/${made.json().id}`, raquel.cookie)).json();
    expect(list).toMatchObject({ filled: 1, checkedIn: 1 });
  });

  it('freezes a paid statement; a later check-in comes as an adjustment; promoter and CEO read the same', async () => {
    const ev = await event(t.app, a.club.id, {
      types: [{ name: 'General', priceCents: 1000, capacity: 50 }],
    });
    const buyer = await person(t.app);
    const first = (await buy(buyer, ev.typeId(0), { rpp: 'RAQUEL' })).json().tickets[0];
    const second = (await buy(buyer, ev.typeId(0), { rpp: 'RAQUEL' })).json().tickets[0];
    await scan(t.app, a.door, ev.id, { token: first.token });

    const mine = async () =>
      (await call('GET', `/api/rpp/statement?eventId=${ev.id}`, raquel.cookie)).json() as Statement;
    const theirs = async () =>
      (
        await call(
          'GET',
          `/api/clubs/${a.club.id}/promoters/${raquel.id}/statement?eventId=${ev.id}`,
          a.ceo.cookie,
        )
      ).json() as Statement;
    const before = await mine();
    expect(before.totals).toMatchObject({ tickets: 2, checkedIn: 1, commission: { cents: 200 } });
    expect(before.paid).toBeNull();
    expect(await theirs()).toEqual(before);

    // Raquel cannot mark her own statement paid, nor read Pablo's.
    const self = await call(
      'POST',
      `/api/clubs/${a.club.id}/promoters/${raquel.id}/statement/pay`,
      raquel.cookie,
      {
        eventId: ev.id,
      },
    );
    expect(self.statusCode).toBe(403);
    const peek = await call(
      'GET',
      `/api/clubs/${a.club.id}/promoters/${pablo.id}/statement?eventId=${ev.id}`,
      raquel.cookie,
    );
    expect(peek.statusCode).toBe(403);
    const strangerCeo = await call(
      'GET',
      `/api/clubs/${a.club.id}/promoters/${raquel.id}/statement?eventId=${ev.id}`,
      other.ceo.cookie,
    );
    expect(strangerCeo.statusCode).toBe(403);

    const pay = () =>
      call('POST', `/api/clubs/${a.club.id}/promoters/${raquel.id}/statement/pay`, a.ceo.cookie, {
        eventId: ev.id,
      });
    const [p1, p2] = await Promise.all([pay(), pay()]);
    expect([p1.statusCode, p2.statusCode].sort()).toEqual([200, 409]);

    // The second guest comes in after payment: the frozen lines stay, the difference is an adjustment.
    await scan(t.app, a.door, ev.id, { token: second.token });
    const after = await mine();
    expect(after.paid?.total.cents).toBe(200);
    expect(after.totals.commission.cents).toBe(200);
    expect(after.lines.find((l) => l.ticketId === second.id)?.status).toBe('valid');
    expect(after.adjustments).toEqual([
      expect.objectContaining({ ticketId: second.id, reason: 'checked_in_later', deltaCents: 200 }),
    ]);
    expect(after.adjustmentsTotalCents).toBe(200);
    expect(await theirs()).toEqual(after);

    const csv = await call('GET', `/api/rpp/statement?eventId=${ev.id}&format=csv`, raquel.cookie);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('AJUSTE');
    const pdf = await call('GET', `/api/rpp/statement?eventId=${ev.id}&format=pdf`, raquel.cookie);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('shows a period statement summing each event, with which are paid', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 2 * 24 * 3600_000).toISOString().slice(0, 10);
    const res = await call('GET', `/api/rpp/statement?from=${yesterday}&to=${today}`, raquel.cookie);
    expect(res.statusCode).toBe(200);
    const s = res.json() as Statement;
    expect(s.scope.kind).toBe('period');
    expect(s.events.some((e) => e.paid)).toBe(true);
    expect(s.totals.commission.cents).toBe(s.lines.reduce((sum, l) => sum + l.commissionCents, 0));
    const bad = await call('GET', `/api/rpp/statement?from=${today}`, raquel.cookie);
    expect(bad.statusCode).toBe(400);
  });

  describe('period statements', () => {
    // The night (06:00 to 06:00, Madrid) an event starting an hour ago belongs to.
    const nightOf = (startMs: number) => madridWallClock(new Date(startMs - 6 * 3600_000)).date;
    const attachNew = async (code: string) => {
      const p = await person(t.app, 'rpp');
      const res = await call('POST', `/api/clubs/${a.club.id}/promoters`, a.ceo.cookie, {
        login: p.email,
        code,
        commission: { kind: 'fixed', value: 300 },
      });
      expect(res.statusCode, res.body).toBe(201);
      return p;
    };
    // Out of the club again, so the ranking test below sees only its two promoters.
    const detach = async (p: Person) =>
      expect(
        (await call('DELETE', `/api/clubs/${a.club.id}/promoters/${p.id}`, a.ceo.cookie)).statusCode,
      ).toBe(204);
    const payUrl = (p: Person) => `/api/clubs/${a.club.id}/promoters/${p.id}/statement/pay`;
    const statementOf = async (p: Person, query: string, as = p.cookie) =>
      (await call('GET', `/api/rpp/statement?${query}`, as)).json() as Statement;

    it('pays a period: frozen, a later check-in is an adjustment, its events are settled', async () => {
      const marta = await attachNew('MARTAPER');
      const night = nightOf(Date.now() - 3600_000);
      const ev1 = await event(t.app, a.club.id, {
        types: [{ name: 'General', priceCents: 1000, capacity: 9 }],
      });
      const ev2 = await event(t.app, a.club.id, {
        types: [{ name: 'General', priceCents: 1000, capacity: 9 }],
      });
      const buyer = await person(t.app);
      const t1 = (await buy(buyer, ev1.typeId(0), { rpp: 'MARTAPER' })).json().tickets[0];
      const t2 = (await buy(buyer, ev2.typeId(0), { rpp: 'MARTAPER' })).json().tickets[0];
      await scan(t.app, a.door, ev1.id, { token: t1.token });
      const period = `from=${night}&to=${night}`;

      const open = await statementOf(marta, period);
      expect(open).toMatchObject({ paid: null, coveredBy: [], totals: { tickets: 2, checkedIn: 1 } });
      expect(open.totals.commission.cents).toBe(300);

      // Not the promoter, not another club's CEO.
      expect((await call('POST', payUrl(marta), marta.cookie, { from: night, to: night })).statusCode).toBe(
        403,
      );
      expect(
        (await call('POST', payUrl(marta), other.ceo.cookie, { from: night, to: night })).statusCode,
      ).toBe(403);
      const paid = await call('POST', payUrl(marta), a.ceo.cookie, { from: night, to: night });
      expect(paid.statusCode, paid.body).toBe(200);
      expect((paid.json() as Statement).paid?.total.cents).toBe(300);
      const again = await call('POST', payUrl(marta), a.ceo.cookie, { from: night, to: night });
      expect(again.json().error.code).toBe('STATEMENT_ALREADY_PAID');

      await scan(t.app, a.door, ev2.id, { token: t2.token });
      const after = await statementOf(marta, period);
      expect(after.paid?.total.cents).toBe(300);
      expect(after.totals.commission.cents).toBe(300);
      expect(after.adjustments).toEqual([
        expect.objectContaining({ ticketId: t2.id, reason: 'checked_in_later', deltaCents: 300 }),
      ]);
      expect(after.events.map((e) => e.paid)).toEqual([true, true]);
      // The CEO reads the same figures.
      const ceoView = await call(
        'GET',
        `/api/clubs/${a.club.id}/promoters/${marta.id}/statement?${period}`,
        a.ceo.cookie,
      );
      expect(ceoView.json()).toEqual(after);

      // An event inside the paid period shows what settled it, and is not paid twice.
      const one = await statementOf(marta, `eventId=${ev1.id}`);
      expect(one.coveredBy).toEqual([expect.objectContaining({ kind: 'period', from: night, to: night })]);
      const twice = await call('POST', payUrl(marta), a.ceo.cookie, { eventId: ev1.id });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().error.code).toBe('STATEMENT_OVERLAPS');

      const csv = await call('GET', `/api/rpp/statement?${period}&format=csv`, marta.cookie);
      expect(csv.headers['content-disposition']).toContain(`liquidacion-MARTAPER-`);
      expect(csv.body).toContain('AJUSTE');
      expect(csv.body).toContain(t1.id);
      const pdf = await call('GET', `/api/rpp/statement?${period}&format=pdf`, marta.cookie);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      await detach(marta);
    });

    it('pays a period for the nights not paid on their own; each later change lands on the statement that paid it', async () => {
      const pepa = await attachNew('PEPAPER');
      const night = nightOf(Date.now() - 3600_000);
      const period = `from=${night}&to=${night}`;
      const ev1 = await event(t.app, a.club.id, {
        types: [{ name: 'General', priceCents: 1000, capacity: 9 }],
      });
      const ev2 = await event(t.app, a.club.id, {
        types: [{ name: 'General', priceCents: 1000, capacity: 9 }],
      });
      const buyer = await person(t.app);
      const [a1, a2] = [
        (await buy(buyer, ev1.typeId(0), { rpp: 'PEPAPER' })).json().tickets[0],
        (await buy(buyer, ev1.typeId(0), { rpp: 'PEPAPER' })).json().tickets[0],
      ];
      const b1 = (await buy(buyer, ev2.typeId(0), { rpp: 'PEPAPER' })).json().tickets[0];
      await scan(t.app, a.door, ev1.id, { token: a1.token });
      await scan(t.app, a.door, ev2.id, { token: b1.token });
      expect((await call('POST', payUrl(pepa), a.ceo.cookie, { eventId: ev1.id })).statusCode).toBe(200);

      const open = await statementOf(pepa, period);
      expect(open.coveredBy).toEqual([expect.objectContaining({ kind: 'event', eventName: ev1.name })]);
      expect(open.totals.commission.cents).toBe(600);
      expect(open).toMatchObject({ payableCents: 300, payableLines: 1 });
      const paid = await call('POST', payUrl(pepa), a.ceo.cookie, { from: night, to: night });
      expect(paid.statusCode, paid.body).toBe(200);
      const frozen = paid.json() as Statement;
      expect(frozen.paid?.total.cents).toBe(300);
      expect(frozen.lines.map((l) => l.ticketId)).toEqual([b1.id]);
      expect(frozen.adjustments).toEqual([]);
      expect(frozen.events.every((e) => e.paid)).toBe(true);

      // The second guest of the first night comes in: an adjustment of that night's statement, not the period's.
      await scan(t.app, a.door, ev1.id, { token: a2.token });
      expect((await statementOf(pepa, period)).adjustments).toEqual([]);
      expect((await statementOf(pepa, `eventId=${ev1.id}`)).adjustments).toEqual([
        expect.objectContaining({ ticketId: a2.id, reason: 'checked_in_later', deltaCents: 300 }),
      ]);
      const nothing = await call('POST', payUrl(pepa), a.ceo.cookie, { from: night, to: night });
      expect(nothing.json().error.code).toBe('STATEMENT_ALREADY_PAID');
      await detach(pepa);
    });

    it('refuses a period that ends before it starts, or no scope, with the field', async () => {
      const res = await call('POST', payUrl(raquel), a.ceo.cookie, { from: '2026-11-10', to: '2026-11-01' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.field).toBe('to');
      expect(res.json().error.message).toMatch(/anterior/);
      const none = await call('POST', payUrl(raquel), a.ceo.cookie, {});
      expect(none.statusCode).toBe(400);
      const view = await call('GET', '/api/rpp/statement?from=2026-11-10&to=2026-11-01', raquel.cookie);
      expect(view.statusCode).toBe(400);
      expect(
        await t.app.db
          .selectFrom('promoter_statements')
          .select('id')
          .where('promoter_id', '=', raquel.id)
          .execute(),
      ).toHaveLength(1);
    });

    it('pays overlapping statements (an event, periods holding it) asked at once exactly once', async () => {
      const nico = await attachNew('NICOPER');
      const night = nightOf(Date.now() - 3600_000);
      const ev = await event(t.app, a.club.id, {
        types: [{ name: 'General', priceCents: 1000, capacity: 9 }],
      });
      const buyer = await person(t.app);
      for (let i = 0; i < 3; i++) {
        const sold = (await buy(buyer, ev.typeId(0), { rpp: 'NICOPER' })).json().tickets[0];
        await scan(t.app, a.door, ev.id, { token: sold.token });
      }
      // The event, and four different periods holding its night: five statements, the same three tickets.
      const day = (d: string, shift: number) =>
        new Date(Date.parse(`${d}T12:00:00Z`) + shift * 24 * 3600_000).toISOString().slice(0, 10);
      const scopes = [
        { eventId: ev.id },
        { from: night, to: night },
        { from: day(night, -1), to: night },
        { from: night, to: day(night, 1) },
        { from: day(night, -1), to: day(night, 1) },
      ];
      const answers = await Promise.all(
        scopes.map((scope) => call('POST', payUrl(nico), a.ceo.cookie, scope)),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
      const rows = await t.app.db
        .selectFrom('promoter_statements')
        .select(['id', 'total_cents'])
        .where('promoter_id', '=', nico.id)
        .execute();
      expect(rows).toHaveLength(1);
      expect(Number(rows[0]!.total_cents)).toBe(900);
      const claimed = await t.app.db
        .selectFrom('promoter_statement_tickets')
        .select('statement_id')
        .where('statement_id', '=', rows[0]!.id)
        .execute();
      expect(claimed).toHaveLength(3);
      await detach(nico);
    });

    it('rolls a payment back when another statement claimed one of its tickets after the check', async () => {
      // What a concurrent payment that commits between this one's check and its insert leaves behind: a claim
      // the scope check cannot see (here under another event's statement).
      const lola = await attachNew('LOLAPER');
      const ev = await event(t.app, a.club.id, {
        types: [{ name: 'General', priceCents: 1000, capacity: 9 }],
      });
      const elsewhere = await event(t.app, a.club.id);
      const buyer = await person(t.app);
      const sold = (await buy(buyer, ev.typeId(0), { rpp: 'LOLAPER' })).json().tickets[0];
      const otherId = randomUUID();
      await t.app.db
        .insertInto('promoter_statements')
        .values({
          id: otherId,
          club_id: a.club.id,
          promoter_id: lola.id,
          scope_key: `event:${elsewhere.id}`,
          total_cents: 0,
          lines: '[]',
          paid_at: new Date().toISOString(),
          paid_by: null,
        })
        .execute();
      await t.app.db
        .insertInto('promoter_statement_tickets')
        .values({ ticket_id: sold.id, statement_id: otherId })
        .execute();
      const res = await call('POST', payUrl(lola), a.ceo.cookie, { eventId: ev.id });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('STATEMENT_OVERLAPS');
      const left = await t.app.db
        .selectFrom('promoter_statements')
        .select('scope_key')
        .where('promoter_id', '=', lola.id)
        .execute();
      expect(left.map((r) => r.scope_key)).toEqual([`event:${elsewhere.id}`]);
      await detach(lola);
    });
  });

  it('shows the ranking only when the club allows it, and the dashboard only to promoters', async () => {
    expect((await dashboard(raquel)).clubs[0]!.ranking).toBeNull();
    const set = await call('PUT', `/api/clubs/${a.club.id}/partner-settings`, a.ceo.cookie, {
      promoterRanking: true,
      djSales: false,
    });
    expect(set.statusCode).toBe(200);
    const ranking = (await dashboard(raquel)).clubs[0]!.ranking!;
    expect(ranking.map((r) => r.name)).toEqual([raquel.name, pablo.name]);
    expect(ranking[0]).toMatchObject({ position: 1, me: true });
    const nobody = await person(t.app);
    expect((await call('GET', '/api/rpp/dashboard', nobody.cookie)).statusCode).toBe(403);
    expect(
      (
        await call('PUT', `/api/clubs/${a.club.id}/partner-settings`, raquel.cookie, {
          promoterRanking: false,
          djSales: false,
        })
      ).statusCode,
    ).toBe(403);
  });
});

// Clubs, events and ticket types written by their people, validated with field-level
// Spanish errors, audited, and visible at once in the public catalogue; cancelling is all or nothing.
import { toNotification } from '../notifications/index.ts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { caller, getTicket, person, staffedClub, type Person } from '../../../test/door-fixture.ts';
import { clubInput, eventInput, madridDate } from '../../../test/management-fixture.ts';

describe.each(DIALECTS)('running a club on %s', (dialect) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let admin: Person;
  let a: Awaited<ReturnType<typeof staffedClub>>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    call = caller(t.app);
    admin = await person(t.app, 'admin');
    a = await staffedClub(t.app, admin);
    // The fixture's club holds 500.
  });
  afterAll(async () => t.close());

  async function newEvent(overrides: Record<string, unknown> = {}) {
    const res = await call('POST', '/api/manage/events', a.ceo.cookie, eventInput(a.club.id, overrides));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as {
      id: string;
      slug: string;
      name: string;
      startAt: string;
      endAt: string;
      status: string;
    };
  }
  const addType = (eventId: string, body: Record<string, unknown>) =>
    call('POST', `/api/manage/events/${eventId}/ticket-types`, a.ceo.cookie, body);

  it('creates an event as a draft, hidden from the public until it is published with its two types', async () => {
    const date = madridDate(12);
    const created = await newEvent({ date, startTime: '23:00', endTime: '06:00' });
    expect(created.status).toBe('draft');
    // 23:00 to 06:00 Madrid: seven hours, ending the next day.
    expect(new Date(created.endAt).getTime() - new Date(created.startAt).getTime()).toBe(7 * 3600_000);
    expect(created.slug).toContain(date);
    expect((await call('GET', `/api/events/${created.id}`)).statusCode).toBe(404);

    expect((await addType(created.id, { name: 'General', priceCents: 1500, capacity: 300 })).statusCode).toBe(
      201,
    );
    const second = await addType(created.id, {
      name: 'VIP',
      priceCents: 4000,
      capacity: 50,
      perPersonLimit: 4,
    });
    expect(second.json().items.map((x: { name: string }) => x.name)).toEqual(['General', 'VIP']);

    const published = await call('POST', `/api/manage/events/${created.id}/status`, a.ceo.cookie, {
      status: 'published',
    });
    expect(published.json().status).toBe('published');
    const page = await call('GET', `/api/events/${created.slug}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().ticketTypes.map((x: { name: string }) => x.name)).toEqual(['General', 'VIP']);
    expect(page.json().minPrice).toEqual({ cents: 1500, currency: 'EUR' });
    const list = await call('GET', `/api/events?clubId=${a.club.id}&limit=100`);
    expect(list.json().items.map((e: { id: string }) => e.id)).toContain(created.id);
  });

  it('refuses bad input with the field and a Spanish message, and stores nothing', async () => {
    const before = await t.app.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const badSlug = await call(
      'POST',
      '/api/manage/events',
      a.ceo.cookie,
      eventInput(a.club.id, { slug: 'Con Espacios' }),
    );
    expect(badSlug.statusCode).toBe(400);
    expect(badSlug.json().error.field).toBe('slug');
    expect(badSlug.json().error.message).toContain('Solo minúsculas');
    const noName = await call(
      'POST',
      '/api/manage/events',
      a.ceo.cookie,
      eventInput(a.club.id, { name: '  ' }),
    );
    expect(noName.json().error).toMatchObject({ field: 'name' });
    expect(noName.json().error.message).toContain('es obligatorio');
    const badTime = await call(
      'POST',
      '/api/manage/events',
      a.ceo.cookie,
      eventInput(a.club.id, { startTime: '25:00' }),
    );
    expect(badTime.json().error.field).toBe('startTime');
    const badClub = await call(
      'POST',
      '/api/manage/clubs',
      admin.cookie,
      clubInput({ capacity: 0, latitude: 41.4 }),
    );
    expect(badClub.statusCode).toBe(400);
    expect(['capacity', 'latitude']).toContain(badClub.json().error.field);
    const after = await t.app.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("keeps ticket types within the club's aforo unless the CEO allows more, and capacity above what is sold", async () => {
    const ev = await newEvent();
    expect((await addType(ev.id, { name: 'General', priceCents: 1000, capacity: 450 })).statusCode).toBe(201);
    const over = await addType(ev.id, { name: 'VIP', priceCents: 3000, capacity: 100 });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.field).toBe('capacity');
    expect(over.json().error.message).toContain('aforo');
    await call('PATCH', `/api/manage/events/${ev.id}`, a.ceo.cookie, { allowOverCapacity: true });
    const allowed = await addType(ev.id, { name: 'VIP', priceCents: 3000, capacity: 100 });
    expect(allowed.statusCode).toBe(201);
    // Turning the check back on while the types add up to 550 of 500 is refused.
    const back = await call('PATCH', `/api/manage/events/${ev.id}`, a.ceo.cookie, {
      allowOverCapacity: false,
    });
    expect(back.json().error.field).toBe('allowOverCapacity');

    await call('POST', `/api/manage/events/${ev.id}/status`, a.ceo.cookie, { status: 'published' });
    const general = allowed.json().items[0].id as string;
    const buyer = await person(t.app);
    await getTicket(t.app, buyer, general, 3);
    const below = await call('PATCH', `/api/manage/events/${ev.id}/ticket-types/${general}`, a.ceo.cookie, {
      capacity: 2,
    });
    expect(below.statusCode).toBe(400);
    expect(below.json().error).toMatchObject({ field: 'capacity' });
    expect(below.json().error.message).toContain('Ya se han vendido 3');
    const exact = await call('PATCH', `/api/manage/events/${ev.id}/ticket-types/${general}`, a.ceo.cookie, {
      capacity: 3,
    });
    expect(exact.statusCode).toBe(200);
    // Sold out now: one more is refused by the database.
    const more = await call('POST', '/api/tickets', buyer.cookie, { ticketTypeId: general, quantity: 1 });
    expect(more.statusCode).toBeGreaterThanOrEqual(400);
    const del = await call('DELETE', `/api/manage/events/${ev.id}/ticket-types/${general}`, a.ceo.cookie);
    expect(del.json().error.code).toBe('TICKET_TYPE_HAS_TICKETS');
  });

  it("lets a CEO lower a type of a night already over the club's aforo, and refuses raising it", async () => {
    // Its own club: the night's types fit 500, then the club's capacity goes down to 400.
    const b = await staffedClub(t.app, admin);
    const created = await call('POST', '/api/manage/events', b.ceo.cookie, eventInput(b.club.id));
    expect(created.statusCode, created.body).toBe(201);
    const ev = created.json() as { id: string };
    const added = await call('POST', `/api/manage/events/${ev.id}/ticket-types`, b.ceo.cookie, {
      name: 'General',
      priceCents: 1000,
      capacity: 450,
    });
    expect(added.statusCode, added.body).toBe(201);
    const typeId = added.json().items[0].id as string;
    const smaller = await call('PATCH', `/api/manage/clubs/${b.club.id}`, b.ceo.cookie, { capacity: 400 });
    expect(smaller.statusCode, smaller.body).toBe(200);
    const patchType = (capacity: number) =>
      call('PATCH', `/api/manage/events/${ev.id}/ticket-types/${typeId}`, b.ceo.cookie, { capacity });

    // Lowering is what the rule asks for, even while the night is still over: allowed.
    const lower = await patchType(420);
    expect(lower.statusCode, lower.body).toBe(200);
    expect(lower.json().items[0].capacity).toBe(420);
    // Raising it further over the aforo is refused, and changes nothing.
    const raise = await patchType(430);
    expect(raise.statusCode).toBe(400);
    expect(raise.json().error).toMatchObject({ field: 'capacity' });
    expect(raise.json().error.message).toContain('aforo de la discoteca es 400');
    const types = await call('GET', `/api/manage/events/${ev.id}`, b.ceo.cookie);
    expect(types.json().ticketTypes[0].capacity).toBe(420);
  });

  it('pauses and resumes sales of a type; a paused type cannot be bought', async () => {
    const ev = await newEvent();
    const types = await addType(ev.id, { name: 'General', priceCents: 0, capacity: 50 });
    const typeId = types.json().items[0].id as string;
    await call('POST', `/api/manage/events/${ev.id}/status`, a.ceo.cookie, { status: 'published' });
    await call('PATCH', `/api/manage/events/${ev.id}/ticket-types/${typeId}`, a.ceo.cookie, { paused: true });
    const buyer = await person(t.app);
    const offers = await call('GET', `/api/events/${ev.id}/ticket-types`, buyer.cookie);
    expect(offers.json().types[0].availability).toBe('paused');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/tickets',
      headers: {
        origin: 'http://localhost:3000',
        cookie: buyer.cookie,
        'idempotency-key': crypto.randomUUID(),
      },
      payload: { ticketTypeId: typeId, quantity: 1 },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('TICKET_SALES_PAUSED');
    await call('PATCH', `/api/manage/events/${ev.id}/ticket-types/${typeId}`, a.ceo.cookie, {
      paused: false,
    });
    expect((await getTicket(t.app, buyer, typeId)).length).toBe(1);
  });

  it('edits a club and the public catalogue shows the new name at once; the audit log has before and after', async () => {
    const renamed = `Sala Renombrada ${Date.now()}`;
    const res = await call('PATCH', `/api/manage/clubs/${a.club.id}`, a.ceo.cookie, {
      name: renamed,
      capacity: 520,
    });
    expect(res.statusCode).toBe(200);
    expect((await call('GET', `/api/clubs/${a.club.id}`)).json().name).toBe(renamed);
    const found = await call('GET', `/api/clubs?q=${encodeURIComponent('renombrada')}`);
    expect(found.json().items.map((c: { id: string }) => c.id)).toContain(a.club.id);
    const log = await call('GET', `/api/manage/audit?clubId=${a.club.id}&entity=club`, a.ceo.cookie);
    const entry = log.json().items[0];
    expect(entry).toMatchObject({ action: 'update', actorId: a.ceo.id, entityId: a.club.id });
    expect(entry.before).toEqual({ name: a.club.name, capacity: 500 });
    expect(entry.after).toEqual({ name: renamed, capacity: 520 });
    a.club.name = renamed;
  });

  it('duplicates an event to the same night next week as a draft with its types and nothing sold', async () => {
    const ev = await newEvent({ lineup: [{ djName: 'Amelie', startTime: '01:00', endTime: '03:00' }] });
    await addType(ev.id, { name: 'General', priceCents: 1200, capacity: 100 });
    const copy = await call('POST', `/api/manage/events/${ev.id}/duplicate`, a.ceo.cookie);
    expect(copy.statusCode).toBe(201);
    const c = copy.json();
    expect(new Date(c.startAt).getTime() - new Date(ev.startAt).getTime()).toBe(7 * 24 * 3600_000);
    expect(c.status).toBe('draft');
    expect(c.ticketTypes).toEqual([expect.objectContaining({ name: 'General', capacity: 100, sold: 0 })]);
    expect(c.lineup).toEqual([
      expect.objectContaining({ djName: 'Amelie', startTime: '01:00', endTime: '03:00' }),
    ]);
    expect(c.id).not.toBe(ev.id);
  });

  it('cancels an event with every valid ticket and tells each holder once, in one transaction', async () => {
    const ev = await newEvent();
    const typeId = (await addType(ev.id, { name: 'General', priceCents: 0, capacity: 50 })).json().items[0]
      .id as string;
    await call('POST', `/api/manage/events/${ev.id}/status`, a.ceo.cookie, { status: 'published' });
    const ana = await person(t.app);
    const bea = await person(t.app);
    await getTicket(t.app, ana, typeId, 2);
    await getTicket(t.app, bea, typeId, 1);
    const res = await call('POST', `/api/manage/events/${ev.id}/cancel`, a.ceo.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ticketsCancelled: 3,
      holdersNotified: 2,
      event: { status: 'cancelled' },
    });
    const statuses = await t.app.db
      .selectFrom('tickets')
      .select('status')
      .where('event_id', '=', ev.id)
      .execute();
    expect(statuses.map((s) => s.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    const notes = await t.app.db
      .selectFrom('notifications')
      .selectAll()
      .where('type', '=', 'event_cancelled')
      .where('user_id', 'in', [ana.id, bea.id])
      .execute();
    expect(notes).toHaveLength(2);
    const anas = notes.find((n) => n.user_id === ana.id)!;
    expect(anas).toMatchObject({ message: 'eventCancelled' });
    expect(JSON.parse(anas.data)).toMatchObject({ count: 2 });
    expect(toNotification(anas).body).toContain('Tus 2 entradas quedan canceladas');
    expect((await call('GET', `/api/events/${ev.id}`)).statusCode).toBe(404);
    expect((await call('POST', `/api/manage/events/${ev.id}/cancel`, a.ceo.cookie)).statusCode).toBe(409);
  });

  it('leaves the event and its tickets untouched when the cancellation fails half-way', async () => {
    const ev = await newEvent();
    const typeId = (await addType(ev.id, { name: 'General', priceCents: 0, capacity: 50 })).json().items[0]
      .id as string;
    await call('POST', `/api/manage/events/${ev.id}/status`, a.ceo.cookie, { status: 'published' });
    const holder = await person(t.app);
    await getTicket(t.app, holder, typeId, 2);
    // The database refuses the holder's notification, the last write of the cancellation.
    if (dialect === 'sqlite')
      await sql`create trigger refuse_note before insert on notifications when new.type = 'event_cancelled'
        begin select raise(abort, 'notifications down'); end`.execute(t.app.db);
    else {
      await sql`create or replace function refuse_note() returns trigger as $$
        begin if new.type = 'event_cancelled' then raise exception 'notifications down'; end if; return new; end $$ language plpgsql`.execute(
        t.app.db,
      );
      await sql`create trigger refuse_note before insert on notifications for each row execute function refuse_note()`.execute(
        t.app.db,
      );
    }
    try {
      const res = await call('POST', `/api/manage/events/${ev.id}/cancel`, a.ceo.cookie);
      expect(res.statusCode).toBe(500);
    } finally {
      await sql`drop trigger refuse_note${sql.raw(dialect === 'postgres' ? ' on notifications' : '')}`.execute(
        t.app.db,
      );
    }
    const event = await t.app.db
      .selectFrom('events')
      .select('status')
      .where('id', '=', ev.id)
      .executeTakeFirstOrThrow();
    expect(event.status).toBe('published');
    const statuses = await t.app.db
      .selectFrom('tickets')
      .select('status')
      .where('event_id', '=', ev.id)
      .execute();
    expect(statuses.map((s) => s.status)).toEqual(['valid', 'valid']);
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select('id')
      .where('entity_id', '=', ev.id)
      .where('action', '=', 'cancel')
      .execute();
    expect(audit).toHaveLength(0);
  });

  it('moves an event and tells ticket holders the new time', async () => {
    const ev = await newEvent();
    const typeId = (await addType(ev.id, { name: 'General', priceCents: 0, capacity: 50 })).json().items[0]
      .id as string;
    await call('POST', `/api/manage/events/${ev.id}/status`, a.ceo.cookie, { status: 'published' });
    const holder = await person(t.app);
    await getTicket(t.app, holder, typeId);
    const moved = await call('PATCH', `/api/manage/events/${ev.id}`, a.ceo.cookie, { startTime: '22:00' });
    expect(moved.json().startTime).toBe('22:00');
    const note = await t.app.db
      .selectFrom('notifications')
      .select('title')
      .where('user_id', '=', holder.id)
      .where('type', '=', 'event_changed')
      .execute();
    expect(note).toHaveLength(1);
    expect(
      (await call('POST', `/api/manage/events/${ev.id}/status`, a.ceo.cookie, { status: 'draft' })).json()
        .error.code,
    ).toBe('EVENT_HAS_TICKETS');
  });

  it('archives a club with events instead of deleting it, and only an admin may', async () => {
    const created = await call('POST', '/api/manage/clubs', admin.cookie, clubInput());
    expect(created.statusCode).toBe(201);
    const empty = created.json();
    expect((await call('DELETE', `/api/manage/clubs/${a.club.id}`, a.ceo.cookie)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/manage/clubs/${empty.id}`, admin.cookie)).json()).toEqual({
      archived: false,
      deleted: true,
    });
    const archived = await call('DELETE', `/api/manage/clubs/${a.club.id}`, admin.cookie);
    expect(archived.json()).toEqual({ archived: true, deleted: false });
    const list = await call('GET', '/api/clubs?limit=100');
    expect(list.json().items.map((c: { id: string }) => c.id)).not.toContain(a.club.id);
    expect((await call('GET', `/api/clubs/${a.club.id}`)).statusCode).toBe(200);
    const back = await call('POST', `/api/manage/clubs/${a.club.id}/unarchive`, admin.cookie);
    expect(back.json().archived).toBe(false);
  });

  it('refuses a slug another club already has, naming the field', async () => {
    const first = await call('POST', '/api/manage/clubs', admin.cookie, clubInput());
    const clash = await call(
      'POST',
      '/api/manage/clubs',
      admin.cookie,
      clubInput({ slug: first.json().slug }),
    );
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error).toMatchObject({ code: 'SLUG_TAKEN', field: 'slug' });
  });
});

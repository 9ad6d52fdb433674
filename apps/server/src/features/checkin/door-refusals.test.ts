// Refusing a ticket at the door: the ticket becomes 'refused' with a reason, the holder is
// told in Spanish, the club's policy decides the refund of a card-paid ticket, and a ticket is refused once —
// never after it let someone in — also when doors race.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  caller,
  event,
  getTicket,
  person,
  scan,
  staffedClub,
  type Person,
} from '../../../test/door-fixture.ts';
import { markPaidByCard } from '../../../test/tickets-fixture.ts';

describe.each(DIALECTS)('refusals at the door on %s', (dialect) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let admin: Person;
  let staff: Awaited<ReturnType<typeof staffedClub>>;
  let tonight: Awaited<ReturnType<typeof event>>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    call = caller(t.app);
    admin = await person(t.app, 'admin');
    staff = await staffedClub(t.app, admin);
    tonight = await event(t.app, staff.club.id);
  });
  afterAll(async () => t.close());

  const refuse = (who: { cookie: string }, body: Record<string, unknown>, eventId = tonight.id) =>
    call('POST', `/api/door/events/${eventId}/refusals`, who.cookie, { door: 'Puerta principal', ...body });
  const ticketRow = (id: string) =>
    t.app.db.selectFrom('tickets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const refundJobs = async (ticketId: string) =>
    (
      await t.app.db
        .selectFrom('jobs')
        .select(['kind', 'payload'])
        .where('kind', '=', 'payments.refund')
        .execute()
    ).filter((j) => (JSON.parse(j.payload) as { ticketId: string }).ticketId === ticketId);
  const aforo = async () =>
    (await call('GET', `/api/door/events/${tonight.id}/aforo`, staff.door.cookie)).json();

  it('refuses a valid ticket with a reason: rechazada, the refusal and history kept, the holder told in Spanish', async () => {
    const holder = await person(t.app);
    const [ticket] = await getTicket(t.app, holder, tonight.typeId(0));
    const res = await refuse(staff.door, { ticketId: ticket!.id, reason: 'dress_code' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      ticket: { id: ticket!.id, status: 'refused' },
      reason: 'dress_code',
      refunded: false,
    });
    expect((await ticketRow(ticket!.id)).status).toBe('refused');
    const refusal = await t.app.db
      .selectFrom('door_refusals')
      .selectAll()
      .where('ticket_id', '=', ticket!.id)
      .executeTakeFirstOrThrow();
    expect(refusal).toMatchObject({
      reason: 'dress_code',
      door: 'Puerta principal',
      staff_user_id: staff.door.id,
    });
    const history = await t.app.db
      .selectFrom('ticket_history')
      .select('action')
      .where('ticket_id', '=', ticket!.id)
      .orderBy('created_at')
      .execute();
    expect(history.map((h) => h.action)).toEqual(['issued', 'refused']);
    const notes = (await call('GET', '/api/notifications', holder.cookie)).json().items;
    expect(notes[0]).toMatchObject({ type: 'ticket_refused', refs: { ticketId: ticket!.id } });
    expect(notes[0].title).toContain(tonight.name);
    expect(notes[0].body).toContain('código de vestimenta');
    // The holder sees it rechazada; a later scan says so and lets nobody in.
    expect((await call('GET', `/api/tickets/${ticket!.id}`, holder.cookie)).json().status).toBe('refused');
    const again = (await scan(t.app, staff.door, tonight.id, { token: ticket!.token })).json();
    expect(again.outcome).toBe('refused');
    expect((await ticketRow(ticket!.id)).status).toBe('refused');
  });

  it('undoes the entry the VÁLIDA scan just recorded when the door refuses right after it', async () => {
    const holder = await person(t.app);
    const [ticket] = await getTicket(t.app, holder, tonight.typeId(1));
    const before = await aforo();
    const valid = (await scan(t.app, staff.door, tonight.id, { token: ticket!.token })).json();
    expect(valid.outcome).toBe('valid');
    expect(valid.entryId).toEqual(expect.any(String));
    expect(valid.aforo.inside).toBe(before.inside + 1);
    const res = await refuse(staff.door, {
      ticketId: ticket!.id,
      reason: 'intoxication',
      entryId: valid.entryId,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().aforo).toMatchObject({ entries: before.entries, inside: before.inside });
    const entry = await t.app.db
      .selectFrom('check_ins')
      .select('outcome')
      .where('id', '=', valid.entryId)
      .executeTakeFirstOrThrow();
    expect(entry.outcome).toBe('refused');
  });

  it('will not refuse a ticket that already let someone in, or one already refused (409, nothing changes)', async () => {
    const holder = await person(t.app);
    const [used, other] = await getTicket(t.app, holder, tonight.typeId(0), 2);
    const entered = (await scan(t.app, staff.ceo, tonight.id, { token: used!.token })).json();
    // Without the entry, or naming it from another person's account: "ya ha entrado".
    for (const body of [
      { ticketId: used!.id, reason: 'behaviour' },
      { ticketId: used!.id, reason: 'behaviour', entryId: entered.entryId },
    ]) {
      const res = await refuse(staff.door, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'ALREADY_USED', field: 'ticketId' });
      expect(res.json().error.message).toContain('ya ha entrado');
    }
    expect((await ticketRow(used!.id)).status).toBe('used');
    expect((await refuse(staff.door, { ticketId: other!.id, reason: 'age' })).statusCode).toBe(200);
    const twice = await refuse(staff.ceo, { ticketId: other!.id, reason: 'capacity' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('ALREADY_REFUSED');
    const rows = await t.app.db
      .selectFrom('door_refusals')
      .select('reason')
      .where('ticket_id', 'in', [used!.id, other!.id])
      .execute();
    expect(rows).toEqual([{ reason: 'age' }]);
  });

  it('asks for a note when the reason is "other", in Spanish, and changes nothing', async () => {
    const holder = await person(t.app);
    const [ticket] = await getTicket(t.app, holder, tonight.typeId(0));
    const res = await refuse(staff.door, { ticketId: ticket!.id, reason: 'other', note: '  ' });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('note');
    expect(JSON.stringify(res.json())).toContain('Escribe el motivo');
    expect((await ticketRow(ticket!.id)).status).toBe('valid');
    const bad = await refuse(staff.door, { ticketId: ticket!.id, reason: 'feo' });
    expect(bad.statusCode).toBe(400);
    const ok = await refuse(staff.door, { ticketId: ticket!.id, reason: 'other', note: 'Sin DNI' });
    expect(ok.statusCode).toBe(200);
    const note = (await call('GET', '/api/notifications', holder.cookie)).json().items[0];
    expect(note.body).toContain('Sin DNI');
  });

  it("keeps refusals to the club's own door staff: another club's staff and strangers get 403", async () => {
    const holder = await person(t.app);
    const [ticket] = await getTicket(t.app, holder, tonight.typeId(0));
    const elsewhere = await staffedClub(t.app, admin);
    for (const who of [elsewhere.door, elsewhere.ceo, holder]) {
      const res = await refuse(who, { ticketId: ticket!.id, reason: 'age' });
      expect(res.statusCode).toBe(403);
    }
    // A ticket of another event cannot be refused at this one.
    const otherNight = await event(t.app, elsewhere.club.id);
    const [foreign] = await getTicket(t.app, holder, otherNight.typeId(0));
    expect((await refuse(staff.door, { ticketId: foreign!.id, reason: 'age' })).statusCode).toBe(404);
    expect((await ticketRow(ticket!.id)).status).toBe('valid');
    expect((await ticketRow(foreign!.id)).status).toBe('valid');
  });

  it("refunds a card-paid ticket only when the club's policy (edited by its CEO) says so; free tickets have nothing to refund", async () => {
    const holder = await person(t.app);
    const [kept, refunded, free] = [
      ...(await getTicket(t.app, holder, tonight.typeId(0), 2)),
      ...(await getTicket(t.app, holder, tonight.typeId(1))),
    ];
    await markPaidByCard(t.app.db, [kept!.id, refunded!.id]);
    expect((await refuse(staff.door, { ticketId: kept!.id, reason: 'dress_code' })).json().refunded).toBe(
      false,
    );
    expect(await refundJobs(kept!.id)).toHaveLength(0);

    const stranger = await person(t.app, 'ceo');
    const denied = await call('PATCH', `/api/manage/clubs/${staff.club.id}`, stranger.cookie, {
      refundOnRefusal: true,
    });
    expect(denied.statusCode).toBe(403);
    const policy = await call('PATCH', `/api/manage/clubs/${staff.club.id}`, staff.ceo.cookie, {
      refundOnRefusal: true,
    });
    expect(policy.statusCode, policy.body).toBe(200);
    expect(policy.json().refundOnRefusal).toBe(true);

    const res = (await refuse(staff.door, { ticketId: refunded!.id, reason: 'capacity' })).json();
    expect(res.refunded).toBe(true);
    expect(await refundJobs(refunded!.id)).toHaveLength(1);
    const note = (await call('GET', '/api/notifications', holder.cookie)).json().items[0];
    expect(note.body).toContain('Te devolvemos');
    expect((await refuse(staff.door, { ticketId: free!.id, reason: 'capacity' })).json().refunded).toBe(
      false,
    );
    expect(await refundJobs(free!.id)).toHaveLength(0);
    await call('PATCH', `/api/manage/clubs/${staff.club.id}`, staff.ceo.cookie, { refundOnRefusal: false });
  });

  // The guard is markRefused() in features/checkin/refusal-repository.ts: a conditional UPDATE that only a
  // valid ticket passes. Every request reads the ticket as valid before any commits; without the condition
  // each of them would refuse it (and refund it) again, and a scan racing a refusal would let the person in.
  it('refuses a ticket once when eight doors refuse it at the same instant, and a scan racing a refusal has one winner', async () => {
    const holder = await person(t.app);
    const [ticket, raced] = await getTicket(t.app, holder, tonight.typeId(0), 2);
    await markPaidByCard(t.app.db, [ticket!.id]);
    await call('PATCH', `/api/manage/clubs/${staff.club.id}`, staff.ceo.cookie, { refundOnRefusal: true });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        refuse(i % 2 ? staff.ceo : staff.door, { ticketId: ticket!.id, reason: 'behaviour' }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(7);
    expect(await refundJobs(ticket!.id)).toHaveLength(1);
    const history = await t.app.db
      .selectFrom('ticket_history')
      .select('action')
      .where('ticket_id', '=', ticket!.id)
      .where('action', '=', 'refused')
      .execute();
    expect(history).toHaveLength(1);

    const [scanned, refusedRes] = await Promise.all([
      scan(t.app, staff.ceo, tonight.id, { token: raced!.token }),
      refuse(staff.door, { ticketId: raced!.id, reason: 'age' }),
    ]);
    const admitted = scanned.json().outcome === 'valid';
    expect(admitted !== (refusedRes.statusCode === 200)).toBe(true);
    const row = await ticketRow(raced!.id);
    expect(row.status).toBe(admitted ? 'used' : 'refused');
    await call('PATCH', `/api/manage/clubs/${staff.club.id}`, staff.ceo.cookie, { refundOnRefusal: false });
  });

  it("counts refusals by reason in the club's event analytics, for its CEO only", async () => {
    const night = await event(t.app, staff.club.id);
    const holder = await person(t.app);
    const tickets = await getTicket(t.app, holder, night.typeId(0), 4);
    const reasons = ['age', 'age', 'dress_code', 'other'];
    for (const [i, ticket] of tickets.entries())
      expect(
        (await refuse(staff.door, { ticketId: ticket.id, reason: reasons[i], note: 'Sin DNI' }, night.id))
          .statusCode,
      ).toBe(200);
    const res = await call('GET', `/api/analytics/events/${night.id}`, staff.ceo.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const figures = res.json();
    expect(figures.summary.refused).toBe(4);
    expect(figures.refusalsByReason).toEqual([
      { reason: 'dress_code', refused: 1 },
      { reason: 'age', refused: 2 },
      { reason: 'intoxication', refused: 0 },
      { reason: 'capacity', refused: 0 },
      { reason: 'behaviour', refused: 0 },
      { reason: 'other', refused: 1 },
    ]);
    const elsewhere = await staffedClub(t.app, admin);
    expect((await call('GET', `/api/analytics/events/${night.id}`, elsewhere.ceo.cookie)).statusCode).toBe(
      403,
    );
  });
});

// The offline door beyond entries: exits, re-entries and refusals recorded without a
// connection sync like entries do — once however often they are sent, in the order they happened, with the
// aforo exact — and what does not fit what the server knows (a re-entry of someone inside, a refusal of a
// ticket another door let in, a banned person let in from an old pack) is flagged for the staff.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckInConflict, SyncItemResult } from '@nocturna/shared';
import { DIALECTS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  HOUR,
  caller,
  event,
  getTicket,
  person,
  scan,
  staffedClub,
  type IssuedTicket,
  type Person,
} from '../../../test/door-fixture.ts';

const MIN = 60_000;

describe.each(DIALECTS)('offline exits, re-entries and refusals on %s', (dialect) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let admin: Person;
  let staff: Awaited<ReturnType<typeof staffedClub>>;
  let secondDoor: Person;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    call = caller(t.app);
    admin = await person(t.app, 'admin');
    staff = await staffedClub(t.app, admin);
    secondDoor = await person(t.app);
    expect(
      (await call('POST', `/api/clubs/${staff.club.id}/staff`, staff.ceo.cookie, { login: secondDoor.email }))
        .statusCode,
    ).toBe(201);
  });
  afterAll(async () => t.close());

  let n = 0;
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * MIN).toISOString();
  const item = (
    ticket: IssuedTicket,
    action: string,
    minutesAgo: number,
    extra: Record<string, unknown> = {},
  ) => ({
    clientId: `mv-${process.pid}-${n++}-${Date.now()}`,
    ticketId: ticket.id,
    token: action === 'entry' || action === 'reentry' ? ticket.token : null,
    scannedAt: at(minutesAgo),
    action,
    ...extra,
  });
  const sync = async (who: Person, eventId: string, checkIns: unknown[], door = 'Puerta sin cobertura') => {
    const response = await call('POST', `/api/door/events/${eventId}/sync`, who.cookie, { door, checkIns });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      results: SyncItemResult[];
      conflicts: CheckInConflict[];
      aforo: { inside: number; entries: number };
    };
  };
  const aforo = async (eventId: string) =>
    (await call('GET', `/api/door/events/${eventId}/aforo`, staff.door.cookie)).json();
  const ticketRow = (id: string) =>
    t.app.db.selectFrom('tickets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const conflicts = async (eventId: string) =>
    (await call('GET', `/api/door/events/${eventId}/conflicts`, staff.ceo.cookie)).json()
      .items as CheckInConflict[];

  it('syncs exits and re-entries in the order they happened, once however often they are sent, and the aforo is exact', async () => {
    const night = await event(t.app, staff.club.id);
    const holder = await person(t.app);
    const [a, b] = await getTicket(t.app, holder, night.typeId(0), 2);
    // Sent out of order on purpose: the server orders by when the door saw it.
    const batch = [
      item(a!, 'reentry', 10),
      item(a!, 'exit', 30),
      item(a!, 'entry', 60),
      item(b!, 'entry', 55),
      item(b!, 'exit', 20),
    ];
    const first = await sync(staff.door, night.id, batch);
    expect(first.results.map((r) => [r.status, r.reason])).toEqual(batch.map(() => ['recorded', null]));
    expect(first.aforo).toMatchObject({ entries: 2, inside: 1 });
    const again = await sync(staff.door, night.id, batch);
    expect(again.results.map((r) => r.status)).toEqual(batch.map(() => 'recorded'));
    expect(await aforo(night.id)).toMatchObject({ entries: 2, inside: 1 });
    const moves = await t.app.db
      .selectFrom('door_movements')
      .select(['ticket_id', 'kind', 'offline'])
      .where('event_id', '=', night.id)
      .orderBy('at')
      .execute();
    expect(moves.map((m) => [m.ticket_id, m.kind, Boolean(m.offline)])).toEqual([
      [a!.id, 'exit', true],
      [b!.id, 'exit', true],
      [a!.id, 'reentry', true],
    ]);
    expect(Boolean((await ticketRow(a!.id)).outside)).toBe(false);
    expect(Boolean((await ticketRow(b!.id)).outside)).toBe(true);
    // Online doors carry on from there: b is outside, so scanning b lets them back in; a is inside.
    expect((await scan(t.app, staff.ceo, night.id, { token: b!.token })).json().outcome).toBe('reentry');
    expect((await scan(t.app, staff.ceo, night.id, { token: a!.token })).json().outcome).toBe('already_used');
    expect(await conflicts(night.id)).toEqual([]);
  });

  it('flags a re-entry of someone already inside (the QR passed back out) and counts both people inside', async () => {
    const night = await event(t.app, staff.club.id);
    const holder = await person(t.app);
    const [ticket] = await getTicket(t.app, holder, night.typeId(0));
    await sync(staff.door, night.id, [item(ticket!, 'entry', 90), item(ticket!, 'exit', 60)]);
    // Two doors without signal each let "the holder" back in.
    const one = await sync(staff.door, night.id, [item(ticket!, 'reentry', 30)]);
    const two = await sync(secondDoor, night.id, [item(ticket!, 'reentry', 20)], 'Puerta VIP');
    expect(one.results[0]).toMatchObject({ status: 'recorded' });
    expect(two.results[0]).toMatchObject({ status: 'conflict', reason: 'already_used' });
    expect(two.aforo).toMatchObject({ entries: 1, inside: 2 });
    const [flag] = await conflicts(night.id);
    expect(flag).toMatchObject({
      id: two.results[0]!.conflictId,
      ticketId: ticket!.id,
      kind: 'double_reentry',
      holderName: holder.name,
      movement: { action: 'reentry', door: 'Puerta VIP', staffName: secondDoor.name },
      reviewedAt: null,
    });
    expect(flag!.entries).toHaveLength(1);
    // The CEO reviews it; it leaves the open list.
    const reviewed = await call(
      'POST',
      `/api/door/events/${night.id}/conflicts/${flag!.id}/review`,
      staff.ceo.cookie,
    );
    expect(reviewed.statusCode, reviewed.body).toBe(204);
    const open = await sync(staff.door, night.id, [item(ticket!, 'exit', 5)]);
    expect(open.conflicts.map((c) => c.id)).not.toContain(flag!.id);
  });

  it('two doors syncing re-entries of one person at the same moment: one fits, the other is flagged', async () => {
    const night = await event(t.app, staff.club.id);
    const [ticket] = await getTicket(t.app, await person(t.app), night.typeId(0));
    await sync(staff.door, night.id, [item(ticket!, 'entry', 90), item(ticket!, 'exit', 60)]);
    const [one, two] = await Promise.all([
      sync(staff.door, night.id, [item(ticket!, 'reentry', 30)]),
      sync(secondDoor, night.id, [item(ticket!, 'reentry', 29)], 'Puerta VIP'),
    ]);
    // Whichever synced first, the later re-entry (by the doors' clocks) is the one flagged.
    const flags = (await conflicts(night.id)).filter((c) => c.ticketId === ticket!.id);
    expect(flags).toMatchObject([
      { kind: 'double_reentry', movement: { action: 'reentry', door: 'Puerta VIP' } },
    ]);
    expect([one.results[0]!.status, two.results[0]!.status]).toContain('recorded');
    expect(await aforo(night.id)).toMatchObject({ entries: 1, inside: 2 });
    expect(Boolean((await ticketRow(ticket!.id)).outside)).toBe(false);
  });

  it('a re-entry synced before the exit another door saw first is flagged, and the flag closes itself once that exit syncs', async () => {
    const night = await event(t.app, staff.club.id);
    const holder = await person(t.app);
    const [ticket] = await getTicket(t.app, holder, night.typeId(0));
    await sync(staff.door, night.id, [item(ticket!, 'entry', 90)]);
    const early = await sync(secondDoor, night.id, [item(ticket!, 'reentry', 20)], 'Puerta VIP');
    expect(early.results[0]).toMatchObject({ status: 'conflict' });
    const late = await sync(staff.door, night.id, [item(ticket!, 'exit', 40)]);
    expect(late.results[0]).toMatchObject({ status: 'recorded' });
    expect(late.conflicts.map((c) => c.id)).not.toContain(early.results[0]!.conflictId);
    expect(late.aforo).toMatchObject({ entries: 1, inside: 1 });
    expect(Boolean((await ticketRow(ticket!.id)).outside)).toBe(false);
  });

  it('an exit of a ticket that never got in is flagged and not counted', async () => {
    const night = await event(t.app, staff.club.id);
    const holder = await person(t.app);
    const [ticket] = await getTicket(t.app, holder, night.typeId(0));
    const result = await sync(staff.door, night.id, [item(ticket!, 'exit', 10)]);
    expect(result.results[0]).toMatchObject({ status: 'conflict', reason: 'unknown' });
    expect(result.aforo).toMatchObject({ entries: 0, inside: 0 });
    expect(await conflicts(night.id)).toMatchObject([{ kind: 'not_inside', movement: { action: 'exit' } }]);
    const replay = await sync(staff.door, night.id, [
      { ...item(ticket!, 'exit', 10), clientId: result.results[0]!.clientId },
    ]);
    expect(replay.results[0]).toMatchObject({
      status: 'conflict',
      conflictId: result.results[0]!.conflictId,
    });
    expect((await conflicts(night.id)).length).toBe(1);
  });

  it('a re-entry after the event closed re-entry is kept (the person is in) and flagged', async () => {
    const night = await event(t.app, staff.club.id);
    const rule = await call('PUT', `/api/door/events/${night.id}/reentry`, staff.ceo.cookie, {
      policy: 'until',
      until: at(25),
    });
    expect(rule.statusCode, rule.body).toBe(200);
    const holder = await person(t.app);
    const [ticket] = await getTicket(t.app, holder, night.typeId(0));
    const result = await sync(staff.door, night.id, [
      item(ticket!, 'entry', 90),
      item(ticket!, 'exit', 60),
      item(ticket!, 'reentry', 10),
    ]);
    expect(result.results.map((r) => r.status)).toEqual(['recorded', 'recorded', 'conflict']);
    expect(result.results[2]).toMatchObject({ reason: 'reentry_closed' });
    expect(result.aforo).toMatchObject({ entries: 1, inside: 1 });
  });

  it('refuses offline: the ticket becomes rechazada, the holder is told, the entry the door recorded first no longer counts', async () => {
    const night = await event(t.app, staff.club.id);
    const holder = await person(t.app);
    const [a, b] = await getTicket(t.app, holder, night.typeId(0), 2);
    const entryA = item(a!, 'entry', 30);
    await sync(staff.door, night.id, [entryA]);
    expect(await aforo(night.id)).toMatchObject({ entries: 1, inside: 1 });
    const refuseA = item(a!, 'refusal', 29, {
      refusal: { reason: 'intoxication', entryClientId: entryA.clientId },
    });
    const refuseB = item(b!, 'refusal', 20, { refusal: { reason: 'other', note: 'Sin DNI' } });
    const result = await sync(staff.door, night.id, [refuseA, refuseB]);
    expect(result.results.map((r) => r.status)).toEqual(['recorded', 'recorded']);
    expect(result.aforo).toMatchObject({ entries: 0, inside: 0 });
    for (const ticket of [a!, b!]) expect((await ticketRow(ticket.id)).status).toBe('refused');
    const rows = await t.app.db
      .selectFrom('door_refusals')
      .select(['ticket_id', 'reason', 'note', 'offline'])
      .where('event_id', '=', night.id)
      .orderBy('refused_at')
      .execute();
    expect(rows.map((r) => [r.ticket_id, r.reason, r.note, Boolean(r.offline)])).toEqual([
      [a!.id, 'intoxication', null, true],
      [b!.id, 'other', 'Sin DNI', true],
    ]);
    const notes = (await call('GET', '/api/notifications', holder.cookie)).json().items;
    expect(notes.filter((x: { type: string }) => x.type === 'ticket_refused')).toHaveLength(2);
    // Sent again (the answer was lost): nothing changes, nobody is told twice.
    const again = await sync(staff.door, night.id, [refuseA, refuseB]);
    expect(again.results.map((r) => r.status)).toEqual(['recorded', 'recorded']);
    const notesAgain = (await call('GET', '/api/notifications', holder.cookie)).json().items;
    expect(notesAgain.filter((x: { type: string }) => x.type === 'ticket_refused')).toHaveLength(2);
    // Online, the ticket now answers RECHAZADA.
    expect((await scan(t.app, staff.ceo, night.id, { token: a!.token })).json().outcome).toBe('refused');
  });

  it('a refusal of a ticket another door let in cannot apply: flagged, the ticket stays used', async () => {
    const night = await event(t.app, staff.club.id);
    const holder = await person(t.app);
    const [ticket] = await getTicket(t.app, holder, night.typeId(0));
    expect((await scan(t.app, staff.ceo, night.id, { token: ticket!.token })).json().outcome).toBe('valid');
    const refusal = item(ticket!, 'refusal', 5, { refusal: { reason: 'dress_code' } });
    const result = await sync(secondDoor, night.id, [refusal], 'Puerta VIP');
    expect(result.results[0]).toMatchObject({ status: 'conflict', reason: 'already_used' });
    expect((await ticketRow(ticket!.id)).status).toBe('used');
    expect(result.aforo).toMatchObject({ entries: 1, inside: 1 });
    expect(result.conflicts).toMatchObject([
      {
        kind: 'refused_but_entered',
        ticketId: ticket!.id,
        movement: { action: 'refusal', door: 'Puerta VIP' },
      },
    ]);
    const replay = await sync(secondDoor, night.id, [refusal], 'Puerta VIP');
    expect(replay.results[0]).toMatchObject({
      status: 'conflict',
      conflictId: result.results[0]!.conflictId,
    });
  });

  it('an entry an old pack let in for a person banned since is kept and flagged; a ban at another club is not', async () => {
    const night = await event(t.app, staff.club.id);
    const banned = await person(t.app);
    const [ticket, other] = [
      (await getTicket(t.app, banned, night.typeId(0)))[0]!,
      (await getTicket(t.app, await person(t.app), night.typeId(0)))[0]!,
    ];
    // The other person is banned, but at another club: no business of this door.
    const elsewhere = await staffedClub(t.app, admin);
    const otherNight = await event(t.app, elsewhere.club.id);
    const otherTicket = (await getTicket(t.app, banned, otherNight.typeId(0)))[0]!;
    const ban = await call('POST', `/api/clubs/${staff.club.id}/bans`, staff.ceo.cookie, {
      ticketId: ticket.id,
      reason: 'Pelea la semana pasada',
      until: new Date(Date.now() + 30 * 24 * HOUR).toISOString(),
    });
    expect(ban.statusCode, ban.body).toBe(201);
    const result = await sync(staff.door, night.id, [item(ticket, 'entry', 10), item(other, 'entry', 9)]);
    expect(result.results.map((r) => [r.status, r.reason])).toEqual([
      ['conflict', 'banned'],
      ['recorded', null],
    ]);
    expect(result.aforo).toMatchObject({ entries: 2, inside: 2 });
    expect(result.conflicts).toMatchObject([
      { kind: 'banned_entry', ticketId: ticket.id, reason: 'banned', movement: { action: 'entry' } },
    ]);
    const replay = await sync(staff.door, night.id, [
      { ...item(ticket, 'entry', 10), clientId: result.results[0]!.clientId },
    ]);
    expect(replay.results[0]).toMatchObject({
      status: 'conflict',
      conflictId: result.results[0]!.conflictId,
    });
    const elsewhereSync = await sync(elsewhere.door, otherNight.id, [item(otherTicket, 'entry', 5)]);
    expect(elsewhereSync.results[0]).toMatchObject({ status: 'recorded' });
  });

  it('refuses a refusal without its reason, and a reason on anything else, changing nothing', async () => {
    const night = await event(t.app, staff.club.id);
    const [ticket] = await getTicket(t.app, await person(t.app), night.typeId(0));
    for (const bad of [
      item(ticket!, 'refusal', 1),
      item(ticket!, 'exit', 1, { refusal: { reason: 'age' } }),
    ]) {
      const response = await call('POST', `/api/door/events/${night.id}/sync`, staff.door.cookie, {
        door: 'Puerta',
        checkIns: [bad],
      });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('refusal');
    }
    expect((await ticketRow(ticket!.id)).status).toBe('valid');
  });
});

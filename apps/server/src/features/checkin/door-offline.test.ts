// The door without signal: the pack it preloads verifies tickets locally (WebCrypto, as in the browser) and
// holds no usable tokens; entries let in offline sync later, idempotently, and a ticket two offline doors
// let in (or one no longer valid) is recorded twice and flagged for the staff.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DOOR_SOCKET_EVENTS,
  SYNC_BATCH_MAX,
  importTicketPublicKey,
  tokenHash,
  verifyTicketToken,
  type CheckInConflict,
  type DoorPack,
} from '@nocturna/shared';
import { DIALECTS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  caller,
  event,
  getTicket,
  person,
  scan,
  staffedClub,
  type IssuedTicket,
  type Person,
} from '../../../test/door-fixture.ts';
import { connect, connected, listen, nextEvent } from '../../../test/realtime-helpers.ts';

describe.each(DIALECTS)('offline door on %s', (dialect) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let admin: Person;
  let staff: Awaited<ReturnType<typeof staffedClub>>;
  let secondDoor: Person;
  let tonight: Awaited<ReturnType<typeof event>>;

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
    tonight = await event(t.app, staff.club.id);
  });
  afterAll(async () => t.close());

  let n = 0;
  const entry = (ticket: IssuedTicket, overrides: Record<string, unknown> = {}) => ({
    clientId: `cid-${process.pid}-${n++}-${Date.now()}`,
    ticketId: ticket.id,
    token: ticket.token,
    scannedAt: new Date().toISOString(),
    ...overrides,
  });
  const sync = (who: Person, body: Record<string, unknown>, eventId = tonight.id) =>
    call('POST', `/api/door/events/${eventId}/sync`, who.cookie, body);

  it('preloads every ticket of the event with a hash of its token, and the key that verifies them locally', async () => {
    const holder = await person(t.app);
    const tickets = await getTicket(t.app, holder, tonight.typeId(0), 3);
    expect((await call('POST', `/api/tickets/${tickets[2]!.id}/cancel`, holder.cookie)).statusCode).toBe(409); // started: not cancellable
    const response = await call('GET', `/api/door/events/${tonight.id}/pack`, staff.door.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const pack = response.json() as DoorPack;
    expect(pack.event).toMatchObject({ id: tonight.id, name: tonight.name, clubId: staff.club.id });
    expect(pack.publicKey).toBe((await call('GET', '/api/tickets/public-key')).json().publicKey);
    for (const ticket of tickets) {
      const packed = pack.tickets.find((p) => p.id === ticket.id)!;
      expect(packed).toMatchObject({
        holderName: holder.name,
        type: 'General',
        status: 'valid',
        tokenHash: await tokenHash(ticket.token),
      });
      // The browser's check: WebCrypto with the pack's key says the QR is ours and this ticket's.
      const check = await verifyTicketToken(ticket.token, await importTicketPublicKey(pack.publicKey));
      expect(check).toMatchObject({ ok: true, payload: { c: packed.code } });
    }
    // No token itself leaves in the pack: a copied pack cannot print working QR codes.
    for (const ticket of tickets) expect(response.body).not.toContain(ticket.token.split('.').at(-1));
  });

  it('records an offline entry once however often it is synced, and tells the holder', async () => {
    const holder = await person(t.app);
    const [ticket] = await getTicket(t.app, holder, tonight.typeId(0));
    const item = entry(ticket!, { scannedAt: new Date(Date.now() - 5 * 60_000).toISOString() });
    const first = await sync(staff.door, { door: 'Puerta sin cobertura', checkIns: [item] });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().results).toEqual([
      { clientId: item.clientId, status: 'recorded', reason: null, conflictId: null },
    ]);
    const [again, twice] = await Promise.all([
      sync(staff.door, { door: 'Puerta sin cobertura', checkIns: [item] }),
      sync(staff.door, { door: 'Puerta sin cobertura', checkIns: [item] }),
    ]);
    for (const r of [again, twice]) expect(r.json().results[0]).toMatchObject({ status: 'recorded' });

    const rows = await t.app.db
      .selectFrom('check_ins')
      .selectAll()
      .where('ticket_id', '=', ticket!.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      outcome: 'admitted',
      door: 'Puerta sin cobertura',
      client_id: item.clientId,
    });
    expect(Boolean(rows[0]!.offline)).toBe(true);
    expect(new Date(rows[0]!.scanned_at).toISOString()).toBe(item.scannedAt);
    const ticketNow = await t.app.db
      .selectFrom('tickets')
      .select(['status', 'check_in_at'])
      .where('id', '=', ticket!.id)
      .executeTakeFirstOrThrow();
    expect(ticketNow.status).toBe('used');
    expect(new Date(ticketNow.check_in_at!).toISOString()).toBe(item.scannedAt);
    const notes = (await call('GET', '/api/notifications', holder.cookie)).json().items;
    expect(notes.filter((x: { type: string }) => x.type === 'ticket_checked_in')).toHaveLength(1);
    // Online doors now see it used, at the offline door.
    expect((await scan(t.app, staff.ceo, tonight.id, { token: ticket!.token })).json()).toMatchObject({
      outcome: 'already_used',
      usedDoor: 'Puerta sin cobertura',
      usedAt: item.scannedAt,
    });
  });

  it('keeps both entries of a ticket two offline doors let in, flags the conflict, and counts both people in the aforo', async () => {
    const night = await event(t.app, staff.club.id);
    const holder = await person(t.app);
    const [ticket] = await getTicket(t.app, holder, night.typeId(0));
    const url = await listen(t.app);
    const watcher = await connected(connect(url, staff.ceo.cookie));
    try {
      expect((await watcher.timeout(3000).emitWithAck(DOOR_SOCKET_EVENTS.watch, night.id)).ok).toBe(true);
      const flagged = nextEvent<CheckInConflict>(watcher, DOOR_SOCKET_EVENTS.conflict);
      const a = entry(ticket!, { scannedAt: new Date(Date.now() - 10 * 60_000).toISOString() });
      const b = entry(ticket!, { scannedAt: new Date(Date.now() - 8 * 60_000).toISOString() });
      const first = (await sync(staff.door, { door: 'Puerta A', checkIns: [a] }, night.id)).json();
      expect(first.results[0].status).toBe('recorded');
      expect(first.conflicts).toEqual([]);
      const second = (await sync(secondDoor, { door: 'Puerta B', checkIns: [b] }, night.id)).json();
      expect(second.results[0]).toMatchObject({
        clientId: b.clientId,
        status: 'conflict',
        reason: 'already_used',
        conflictId: expect.any(String),
      });
      expect(second.aforo).toEqual({ eventId: night.id, entries: 2, inside: 2, capacity: 500, onSale: 320 });
      const conflict = second.conflicts.find((c: CheckInConflict) => c.id === second.results[0].conflictId);
      expect(conflict).toMatchObject({
        ticketId: ticket!.id,
        holderName: holder.name,
        kind: 'double_entry',
        reviewedAt: null,
      });
      expect(
        conflict.entries.map((e: { door: string; offline: boolean; scannedAt: string }) => [
          e.door,
          e.offline,
          e.scannedAt,
        ]),
      ).toEqual([
        ['Puerta A', true, a.scannedAt],
        ['Puerta B', true, b.scannedAt],
      ]);
      expect((await flagged).id).toBe(conflict.id);
      expect(
        (await call('GET', `/api/door/events/${night.id}/conflicts`, staff.ceo.cookie))
          .json()
          .items.map((c: CheckInConflict) => c.id),
      ).toEqual([conflict.id]);
      // Syncing the second door again changes nothing.
      expect(
        (await sync(secondDoor, { door: 'Puerta B', checkIns: [b] }, night.id)).json().results[0],
      ).toMatchObject({ status: 'conflict', conflictId: conflict.id });
      expect(
        await t.app.db.selectFrom('check_ins').select('id').where('ticket_id', '=', ticket!.id).execute(),
      ).toHaveLength(2);

      // Someone looks into it; the list says so. Another club's door cannot.
      const otherClub = await staffedClub(t.app, admin);
      expect(
        (
          await call(
            'POST',
            `/api/door/events/${night.id}/conflicts/${conflict.id}/review`,
            otherClub.door.cookie,
          )
        ).statusCode,
      ).toBe(403);
      expect(
        (
          await call(
            'POST',
            `/api/door/events/${night.id}/conflicts/${conflict.id}/review`,
            staff.door.cookie,
          )
        ).statusCode,
      ).toBe(204);
      expect(
        (
          await call(
            'POST',
            `/api/door/events/${night.id}/conflicts/${conflict.id}/review`,
            staff.door.cookie,
          )
        ).statusCode,
      ).toBe(404);
      expect(
        (await call('GET', `/api/door/events/${night.id}/conflicts`, staff.ceo.cookie)).json().items[0]
          .reviewedAt,
      ).toEqual(expect.any(String));
    } finally {
      watcher.disconnect();
    }
  });

  it('raises one conflict for a second entry synced twice at once (a retry racing the first try)', async () => {
    const night = await event(t.app, staff.club.id);
    const holder = await person(t.app);
    const [ticket] = await getTicket(t.app, holder, night.typeId(0));
    const a = entry(ticket!, { scannedAt: new Date(Date.now() - 10 * 60_000).toISOString() });
    const b = entry(ticket!, { scannedAt: new Date(Date.now() - 8 * 60_000).toISOString() });
    expect(
      (await sync(staff.door, { door: 'Puerta A', checkIns: [a] }, night.id)).json().results[0],
    ).toMatchObject({ status: 'recorded' });
    const answers = await Promise.all([
      sync(secondDoor, { door: 'Puerta B', checkIns: [b] }, night.id),
      sync(secondDoor, { door: 'Puerta B', checkIns: [b] }, night.id),
    ]);
    const results = answers.map((r) => {
      expect(r.statusCode, r.body).toBe(200);
      return r.json().results[0];
    });
    for (const r of results) expect(r).toMatchObject({ status: 'conflict', reason: 'already_used' });
    expect(results[0].conflictId).toEqual(expect.any(String));
    expect(results[1].conflictId).toBe(results[0].conflictId);
    expect(
      await t.app.db.selectFrom('check_ins').select('id').where('ticket_id', '=', ticket!.id).execute(),
    ).toHaveLength(2);
    const flags = await t.app.db
      .selectFrom('door_conflicts')
      .select(['id', 'kind', 'action', 'door', 'check_in_id'])
      .where('ticket_id', '=', ticket!.id)
      .execute();
    expect(flags).toEqual([
      {
        id: results[0].conflictId,
        kind: 'double_entry',
        action: 'entry',
        door: 'Puerta B',
        check_in_id: expect.any(String),
      },
    ]);
    expect(
      (await call('GET', `/api/door/events/${night.id}/conflicts`, staff.ceo.cookie))
        .json()
        .items.map((c: CheckInConflict) => [c.id, c.kind, c.movement]),
    ).toEqual([[results[0].conflictId, 'double_entry', null]]);
  });

  it('flags an entry of a ticket that stopped being valid while the door was offline, with the reason', async () => {
    const soon = await event(t.app, staff.club.id, { startsInHours: 1 });
    const holder = await person(t.app);
    const [ticket] = await getTicket(t.app, holder, soon.typeId(0));
    expect((await call('POST', `/api/tickets/${ticket!.id}/cancel`, holder.cookie)).statusCode).toBe(200);
    const item = entry(ticket!);
    const result = (await sync(staff.door, { door: 'Puerta', checkIns: [item] }, soon.id)).json();
    expect(result.results[0]).toMatchObject({ status: 'conflict', reason: 'cancelled' });
    expect(result.conflicts[0]).toMatchObject({
      ticketId: ticket!.id,
      kind: 'invalid_ticket',
      reason: 'cancelled',
    });
    expect(
      (
        await t.app.db
          .selectFrom('tickets')
          .select('status')
          .where('id', '=', ticket!.id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('cancelled');
  });

  it('refuses forged, foreign and unknown entries without recording them, and bad batches with 400', async () => {
    const holder = await person(t.app);
    const [ticket] = await getTicket(t.app, holder, tonight.typeId(0));
    const other = await event(t.app, staff.club.id, { startsInHours: 20 });
    const [foreign] = await getTicket(t.app, holder, other.typeId(0));
    // One character of the signature (the last part) changed.
    const at = ticket!.token.lastIndexOf('.') + 1;
    const forged = `${ticket!.token.slice(0, at)}${ticket!.token[at] === 'A' ? 'B' : 'A'}${ticket!.token.slice(at + 1)}`;
    const items = [
      entry(ticket!, { token: forged }),
      entry(ticket!, { token: 'basura' }),
      entry(foreign!),
      entry(ticket!, { ticketId: foreign!.id, token: null }),
      entry(ticket!, { ticketId: 'no-existe', token: null }),
      entry(ticket!, { ticketId: foreign!.id }),
    ];
    const result = (await sync(staff.door, { door: 'Puerta', checkIns: items })).json();
    expect(result.results.map((r: { status: string; reason: string }) => [r.status, r.reason])).toEqual([
      ['rejected', 'forged'],
      ['rejected', 'malformed'],
      ['rejected', 'wrong_event'],
      ['rejected', 'wrong_event'],
      ['rejected', 'unknown'],
      ['rejected', 'forged'],
    ]);
    expect(
      await t.app.db
        .selectFrom('check_ins')
        .select('id')
        .where('ticket_id', 'in', [ticket!.id, foreign!.id])
        .execute(),
    ).toEqual([]);

    const bad = [
      { door: 'Puerta', checkIns: [] },
      { door: 'Puerta', checkIns: Array.from({ length: SYNC_BATCH_MAX + 1 }, () => entry(ticket!)) },
      { door: 'Puerta', checkIns: [entry(ticket!, { scannedAt: 'ayer' })] },
      { door: 'Puerta', checkIns: [entry(ticket!, { clientId: 'x' })] },
      { checkIns: [entry(ticket!)] },
    ];
    for (const body of bad) {
      const response = await sync(staff.door, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('keeps the offline door in step with the online ones: their entries show in a new pack', async () => {
    const holder = await person(t.app);
    const [ticket] = await getTicket(t.app, holder, tonight.typeId(1));
    expect(
      (await scan(t.app, staff.door, tonight.id, { token: ticket!.token, door: 'Taquilla' })).json().outcome,
    ).toBe('valid');
    const pack = (
      await call('GET', `/api/door/events/${tonight.id}/pack`, secondDoor.cookie)
    ).json() as DoorPack;
    expect(pack.tickets.find((p) => p.id === ticket!.id)).toMatchObject({
      status: 'used',
      usedDoor: 'Taquilla',
      usedAt: expect.any(String),
    });
  });
});

// Every answer a scan can give, the check-in it records (ticket used, history, notification to the holder),
// the race of two doors scanning one ticket at the same instant, and the live aforo pushed to every door.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DOOR_SOCKET_EVENTS,
  assembleToken,
  signedPart,
  type Aforo,
  type DoorCheckedIn,
} from '@nocturna/shared';
import { DIALECTS, createTestApp, type TestApp } from '../test-app.ts';
import {
  HOUR,
  caller,
  event,
  getTicket,
  person,
  scan,
  scanOver,
  secondServer,
  staffedClub,
  type Person,
} from '../door-fixture.ts';
import { connect, connected, listen, nextEvent } from '../realtime-helpers.ts';
import { connectPeople } from '../people-helpers.ts';
import { eventually } from '../payments-fixture.ts';
import { listOutbox } from '../../src/features/mail/transport.ts';

describe.each(DIALECTS)('door scanning on %s', (dialect) => {
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

  let listening: Promise<string> | undefined;
  const url = () => (listening ??= listen(t.app));
  const ticketRow = (id: string) =>
    t.app.db.selectFrom('tickets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('lets a valid ticket in once: VÁLIDA with name and type, then "ya usada" with when and which door', async () => {
    const holder = await person(t.app);
    const [ticket] = await getTicket(t.app, holder, tonight.typeId(0));
    const first = await scan(t.app, staff.door, tonight.id, {
      token: ticket!.token,
      door: 'Puerta principal',
    });
    expect(first.statusCode, first.body).toBe(200);
    const valid = first.json();
    expect(valid).toMatchObject({
      outcome: 'valid',
      ticket: {
        id: ticket!.id,
        holderName: holder.name,
        holderUsername: holder.username,
        type: 'General',
        status: 'used',
        usedDoor: 'Puerta principal',
        paymentDue: { cents: 1500, currency: 'EUR' },
      },
      usedDoor: 'Puerta principal',
      aforo: { eventId: tonight.id, capacity: 500, onSale: 320 },
    });
    const row = await ticketRow(ticket!.id);
    expect(row.status).toBe('used');
    expect(new Date(row.check_in_at!).toISOString()).toBe(valid.scannedAt);

    const second = (
      await scan(t.app, staff.ceo, tonight.id, { token: ticket!.token, door: 'Puerta VIP' })
    ).json();
    expect(second).toMatchObject({
      outcome: 'already_used',
      usedAt: valid.scannedAt,
      usedDoor: 'Puerta principal',
      ticket: { id: ticket!.id, status: 'used' },
    });

    // One check-in row, the history entry and the holder's notification.
    const checkIns = await t.app.db
      .selectFrom('check_ins')
      .selectAll()
      .where('ticket_id', '=', ticket!.id)
      .execute();
    expect(checkIns).toHaveLength(1);
    expect(checkIns[0]).toMatchObject({
      outcome: 'admitted',
      door: 'Puerta principal',
      staff_user_id: staff.door.id,
      method: 'qr',
    });
    const history = await t.app.db
      .selectFrom('ticket_history')
      .select(['action', 'actor_id'])
      .where('ticket_id', '=', ticket!.id)
      .orderBy('created_at')
      .execute();
    expect(history.map((h) => h.action)).toEqual(['issued', 'checked_in']);
    expect(history[1]!.actor_id).toBe(staff.door.id);
    const notes = (await call('GET', '/api/notifications', holder.cookie)).json().items;
    expect(notes[0]).toMatchObject({
      type: 'ticket_checked_in',
      link: '/tickets',
      refs: { eventId: tonight.id, ticketId: ticket!.id },
    });
    expect(notes[0].title).toContain(tonight.name);
    // In the app only: the entry sends no e-mail, though tickets go by e-mail by default. Once the queue has run
    // everything it holds (its own loop may run a job at any moment, so the test waits for it rather than reading
    // the queue), the holder's one mail about the night is the ticket (the entry's notification names it too).
    await t.app.jobs.runDue();
    await eventually(
      () =>
        t.app.db
          .selectFrom('jobs')
          .select('id')
          .where('kind', 'in', ['notification.deliver', 'mail.send'])
          .where('status', 'in', ['queued', 'running'])
          .execute(),
      (pending) => pending.length === 0,
      30_000,
    );
    const mails = (await listOutbox(t.config, 500)).filter(
      (m) => m.to.includes(holder.email) && m.subject.includes(tonight.name),
    );
    expect(mails.map((m) => m.subject)).toEqual([`Tu entrada para ${tonight.name}`]);
    // The holder's own view shows it used.
    expect((await call('GET', `/api/tickets/${ticket!.id}`, holder.cookie)).json()).toMatchObject({
      status: 'used',
    });
  });

  it('lets someone in by ticket number from the manual search, found by name, username or number', async () => {
    const holder = await person(t.app, undefined);
    const [ticket] = await getTicket(t.app, holder, tonight.typeId(1));
    for (const q of [holder.lastName, holder.username.toUpperCase(), ticket!.id.slice(0, 10)]) {
      const found = await call(
        'GET',
        `/api/door/events/${tonight.id}/tickets?q=${encodeURIComponent(q)}`,
        staff.door.cookie,
      );
      expect(found.statusCode).toBe(200);
      expect(
        found.json().items.map((i: { id: string }) => i.id),
        q,
      ).toContain(ticket!.id);
    }
    expect(
      (await call('GET', `/api/door/events/${tonight.id}/tickets?q=x`, staff.door.cookie)).statusCode,
    ).toBe(400);
    const otherClub = await staffedClub(t.app, admin);
    expect(
      (
        await call(
          'GET',
          `/api/door/events/${tonight.id}/tickets?q=${holder.lastName}`,
          otherClub.door.cookie,
        )
      ).statusCode,
    ).toBe(403);

    const valid = (await scan(t.app, staff.door, tonight.id, { ticketId: ticket!.id })).json();
    expect(valid).toMatchObject({
      outcome: 'valid',
      ticket: { holderName: holder.name, type: 'VIP', paymentDue: null },
    });
    expect((await scan(t.app, staff.door, tonight.id, { ticketId: ticket!.id })).json().outcome).toBe(
      'already_used',
    );
    const checkIn = await t.app.db
      .selectFrom('check_ins')
      .select('method')
      .where('ticket_id', '=', ticket!.id)
      .executeTakeFirstOrThrow();
    expect(checkIn.method).toBe('manual');
  });

  it('refuses a ticket of another event, saying which event, without showing whose it is', async () => {
    const other = await event(t.app, staff.club.id, { startsInHours: 30 });
    const holder = await person(t.app);
    const [ticket] = await getTicket(t.app, holder, other.typeId(0));
    for (const body of [{ token: ticket!.token }, { ticketId: ticket!.id }]) {
      const answer = (await scan(t.app, staff.door, tonight.id, body)).json();
      expect(answer).toMatchObject({
        outcome: 'wrong_event',
        ticket: null,
        ticketEvent: { id: other.id, name: other.name },
      });
    }
    expect((await ticketRow(ticket!.id)).status).toBe('valid');
  });

  it('refuses cancelled, transferred and outdated tokens, and lets the new holder of a transfer in', async () => {
    const soon = await event(t.app, staff.club.id, { startsInHours: 1 });
    const holder = await person(t.app);
    const friend = await person(t.app);
    const [toCancel, toPass] = await getTicket(t.app, holder, soon.typeId(0), 2);
    expect((await call('POST', `/api/tickets/${toCancel!.id}/cancel`, holder.cookie)).statusCode).toBe(200);
    expect((await scan(t.app, staff.door, soon.id, { token: toCancel!.token })).json()).toMatchObject({
      outcome: 'cancelled',
      ticket: { id: toCancel!.id, status: 'cancelled' },
    });
    expect((await scan(t.app, staff.door, soon.id, { ticketId: toCancel!.id })).json().outcome).toBe(
      'cancelled',
    );

    await connectPeople(t.app, holder, friend);
    const passed = await call('POST', `/api/tickets/${toPass!.id}/transfer`, holder.cookie, {
      toUserId: friend.id,
    });
    expect(passed.statusCode, passed.body).toBe(200);
    expect((await scan(t.app, staff.door, soon.id, { token: toPass!.token })).json()).toMatchObject({
      outcome: 'transferred',
      ticket: { id: toPass!.id },
    });
    const newId = (await ticketRow(toPass!.id)).transferred_to!;
    const newTicket = await ticketRow(newId);
    expect((await scan(t.app, staff.door, soon.id, { token: newTicket.qr_code })).json()).toMatchObject({
      outcome: 'valid',
      ticket: { id: newId, holderName: friend.name },
    });

    // Well signed by our key, for this very ticket, but not the token it holds now.
    const [current] = await getTicket(t.app, holder, soon.typeId(1));
    const old = t.app.ticketSigner.sign({ t: current!.id, e: soon.id, h: holder.id, i: 1_000 });
    expect((await scan(t.app, staff.door, soon.id, { token: old })).json()).toMatchObject({
      outcome: 'outdated',
      ticket: { id: current!.id },
    });
    expect((await ticketRow(current!.id)).status).toBe('valid');
  });

  it('refuses forged and malformed tokens and unknown tickets, and marks nothing', async () => {
    const holder = await person(t.app);
    const [ticket] = await getTicket(t.app, holder, tonight.typeId(0));
    const issued = ticket!.token;
    const at = issued.lastIndexOf('.') + 1;
    const flipped = `${issued.slice(0, at)}${issued[at] === 'A' ? 'B' : 'A'}${issued.slice(at + 1)}`;
    const otherKey = crypto.generateKeyPairSync('ed25519').privateKey;
    const signed = signedPart({ t: ticket!.id, e: tonight.id, h: holder.id, i: 5 });
    const strangerSigned = assembleToken(signed, crypto.sign(null, Buffer.from(signed), otherKey));
    // A payload changed to point at another ticket (another code), keeping the original signature.
    const code = issued.split('.')[1]!;
    const edited = issued.replace(`NT2.${code}.`, `NT2.${code === 'ZZZZZZZZ' ? 'YYYYYYYY' : 'ZZZZZZZZ'}.`);
    for (const [token, outcome] of [
      [flipped, 'forged'],
      [strangerSigned, 'forged'],
      [edited, 'forged'],
      ['hola', 'malformed'],
      ['https://example.com/qr', 'malformed'],
      [issued.slice(0, at - 1), 'malformed'],
      [t.app.ticketSigner.sign({ t: 'no-existe', e: tonight.id, h: holder.id, i: 5 }), 'unknown'],
    ] as const) {
      const answer = await scan(t.app, staff.door, tonight.id, { token });
      expect(answer.statusCode).toBe(200);
      expect(answer.json(), token).toMatchObject({ outcome, ticket: null });
    }
    expect((await scan(t.app, staff.door, tonight.id, { ticketId: 'no-existe' })).json().outcome).toBe(
      'unknown',
    );
    expect((await ticketRow(ticket!.id)).status).toBe('valid');
  });

  it('knows the door hours: not yet valid before doors open, entry closed after the type cut-off, event over', async () => {
    const later = await event(t.app, staff.club.id, { startsInHours: 5 });
    const holder = await person(t.app);
    const [early] = await getTicket(t.app, holder, later.typeId(0));
    const answer = (await scan(t.app, staff.door, later.id, { token: early!.token })).json();
    expect(answer).toMatchObject({ outcome: 'not_yet_valid', ticket: { id: early!.id, status: 'valid' } });
    expect(Date.parse(answer.opensAt) - Date.now()).toBeGreaterThan(2.9 * HOUR);
    expect(Date.parse(answer.opensAt) - Date.now()).toBeLessThan(3.1 * HOUR);

    const cutOff = await event(t.app, staff.club.id, {
      startsInHours: -2,
      types: [
        {
          name: 'Lista gratis hasta la 01:30',
          priceCents: 0,
          capacity: 50,
          entryUntil: new Date(Date.now() + HOUR),
        },
      ],
    });
    // Got while the list still lets people in (past its cut-off it is no longer on sale), then the cut-off passes.
    const [free] = await getTicket(t.app, holder, cutOff.typeId(0));
    await t.app.db
      .updateTable('ticket_types')
      .set({ entry_until: new Date(Date.now() - HOUR).toISOString() })
      .where('id', '=', cutOff.typeId(0))
      .execute();
    expect((await scan(t.app, staff.door, cutOff.id, { token: free!.token })).json()).toMatchObject({
      outcome: 'entry_closed',
      ticket: { entryUntil: expect.any(String) },
    });

    const ending = await event(t.app, staff.club.id, { startsInHours: -5 });
    const [late] = await getTicket(t.app, holder, ending.typeId(0));
    await t.app.db
      .updateTable('events')
      .set({ end_at: new Date(Date.now() - 60_000).toISOString() })
      .where('id', '=', ending.id)
      .execute();
    expect((await scan(t.app, staff.door, ending.id, { token: late!.token })).json().outcome).toBe(
      'event_over',
    );
    for (const id of [early!.id, free!.id, late!.id]) expect((await ticketRow(id)).status).toBe('valid');
  });

  it('answers 400 for a scan with both, or neither, of token and ticket number, or no door name', async () => {
    for (const body of [
      { door: 'Puerta' },
      { door: 'Puerta', token: 'a', ticketId: 'b' },
      { token: 'x' },
      { door: '', token: 'x' },
      { door: 'x'.repeat(41), token: 'x' },
    ]) {
      const response = await call('POST', `/api/door/events/${tonight.id}/scans`, staff.door.cookie, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('answers a retried scan (same clientScanId) with the same VÁLIDA, not "ya usada"', async () => {
    const holder = await person(t.app);
    const [ticket] = await getTicket(t.app, holder, tonight.typeId(0));
    const body = { token: ticket!.token, clientScanId: `retry-${ticket!.id.slice(-12)}` };
    const tries = await Promise.all(
      Array.from({ length: 4 }, () => scan(t.app, staff.door, tonight.id, body)),
    );
    const again = await scan(t.app, staff.door, tonight.id, body);
    for (const r of [...tries, again]) expect(r.json().outcome).toBe('valid');
    expect(new Set([...tries, again].map((r) => r.json().scannedAt)).size).toBe(1);
    expect(
      (
        await scan(t.app, staff.door, tonight.id, { token: ticket!.token, clientScanId: 'otra-puerta-1' })
      ).json().outcome,
    ).toBe('already_used');
    expect(
      await t.app.db.selectFrom('check_ins').select('id').where('ticket_id', '=', ticket!.id).execute(),
    ).toHaveLength(1);
  });

  // The guard is markUsed() in features/checkin/repository.ts: `UPDATE tickets SET status = 'used' ... WHERE
  // id = ? AND status = 'valid'`, whose row count decides who lets the person in. The doors' scans land on two
  // server processes sharing the database, so every door reads the ticket as valid before anyone commits;
  // without the `status = 'valid'` condition several doors let the same person in and this test fails
  // (checked on both engines by removing the condition).
  // Its time limit covers starting a second server process (secondServer): a few seconds of CPU that a machine busy
  // with other work has stretched past the suite's 30 s.
  it('lets exactly one of four doors on two servers in when they scan the same ticket at the same instant', async () => {
    const other = await secondServer(t.config);
    const here = await url();
    try {
      const doors = [staff.door, staff.ceo, admin, (await staffedClub(t.app, admin)).door];
      // The fourth is another club's door staff: refused outright, and never a winner.
      const holders = await Promise.all(Array.from({ length: 12 }, () => person(t.app)));
      const tickets = (await Promise.all(holders.map((h) => getTicket(t.app, h, tonight.typeId(0))))).flat();
      const answers = await Promise.all(
        tickets.flatMap((ticket) =>
          doors.map((door, i) =>
            scanOver(i % 2 ? other.url : here, door, tonight.id, {
              token: ticket.token,
              door: `Puerta ${i + 1}`,
            }).then((r) => ({ ticket: ticket.id, r })),
          ),
        ),
      );
      for (const ticket of tickets) {
        const mine = answers.filter((a) => a.ticket === ticket.id);
        expect(mine.filter((a) => a.r.status === 403)).toHaveLength(1);
        const outcomes = mine.filter((a) => a.r.status === 200).map((a) => a.r.body.outcome);
        expect(
          outcomes.filter((o) => o === 'valid'),
          ticket.id,
        ).toHaveLength(1);
        expect(outcomes.filter((o) => o === 'already_used')).toHaveLength(2);
        const rows = await t.app.db
          .selectFrom('check_ins')
          .select('id')
          .where('ticket_id', '=', ticket.id)
          .execute();
        expect(rows).toHaveLength(1);
      }
      const notified = await t.app.db
        .selectFrom('notifications')
        .select('id')
        .where('type', '=', 'ticket_checked_in')
        .where(
          'user_id',
          'in',
          holders.map((h) => h.id),
        )
        .execute();
      expect(notified).toHaveLength(tickets.length);
    } finally {
      await other.stop();
    }
  }, 180_000);

  it('pushes aforo and each entry to every door watching the event, and keeps others out of the room', async () => {
    const night = await event(t.app, staff.club.id, {
      types: [
        { name: 'General', priceCents: 1000, capacity: 40 },
        { name: 'VIP', priceCents: 3000, capacity: 10 },
      ],
    });
    const base = await url();
    const doorSocket = await connected(connect(base, staff.door.cookie));
    const ceoSocket = await connected(connect(base, staff.ceo.cookie));
    const outsider = await person(t.app);
    const outsiderSocket = await connected(connect(base, outsider.cookie));
    try {
      const watch = (socket: typeof doorSocket, id: string) =>
        socket.timeout(3000).emitWithAck(DOOR_SOCKET_EVENTS.watch, id) as Promise<{
          ok: boolean;
          aforo?: Aforo;
          code?: string;
        }>;
      expect(await watch(doorSocket, night.id)).toEqual({
        ok: true,
        aforo: { eventId: night.id, entries: 0, inside: 0, capacity: 500, onSale: 50 },
      });
      // Without an acknowledgement the aforo comes as an event.
      const firstAforo = nextEvent<Aforo>(ceoSocket, DOOR_SOCKET_EVENTS.aforo);
      ceoSocket.emit(DOOR_SOCKET_EVENTS.watch, night.id);
      expect(await firstAforo).toEqual({
        eventId: night.id,
        entries: 0,
        inside: 0,
        capacity: 500,
        onSale: 50,
      });
      expect(await watch(outsiderSocket, night.id)).toEqual({ ok: false, code: 'NOT_DOOR_STAFF' });
      outsiderSocket.emit(DOOR_SOCKET_EVENTS.watch, night.id);
      expect(await watch(doorSocket, 'no-existe')).toEqual({ ok: false, code: 'EVENT_NOT_FOUND' });
      const heardByOutsider: unknown[] = [];
      outsiderSocket.on(DOOR_SOCKET_EVENTS.aforo, (p) => heardByOutsider.push(p));

      const holder = await person(t.app);
      const [ticket] = await getTicket(t.app, holder, night.typeId(0));
      const aforoAtDoor = nextEvent<Aforo>(doorSocket, DOOR_SOCKET_EVENTS.aforo);
      const aforoAtCeo = nextEvent<Aforo>(ceoSocket, DOOR_SOCKET_EVENTS.aforo);
      const entryAtCeo = nextEvent<DoorCheckedIn>(ceoSocket, DOOR_SOCKET_EVENTS.checkedIn);
      const answer = (
        await scan(t.app, staff.door, night.id, { token: ticket!.token, door: 'Lateral' })
      ).json();
      expect(answer.aforo).toEqual({ eventId: night.id, entries: 1, inside: 1, capacity: 500, onSale: 50 });
      expect(await aforoAtDoor).toEqual({
        eventId: night.id,
        entries: 1,
        inside: 1,
        capacity: 500,
        onSale: 50,
      });
      expect(await aforoAtCeo).toEqual({
        eventId: night.id,
        entries: 1,
        inside: 1,
        capacity: 500,
        onSale: 50,
      });
      expect(await entryAtCeo).toEqual({
        eventId: night.id,
        ticketId: ticket!.id,
        usedAt: answer.scannedAt,
        door: 'Lateral',
      });
      // A refused scan changes nothing.
      expect((await scan(t.app, staff.door, night.id, { token: ticket!.token })).json().aforo.entries).toBe(
        1,
      );
      expect((await call('GET', `/api/door/events/${night.id}/aforo`, staff.ceo.cookie)).json()).toEqual({
        eventId: night.id,
        entries: 1,
        inside: 1,
        capacity: 500,
        onSale: 50,
      });
      await new Promise((r) => setTimeout(r, 200));
      expect(heardByOutsider).toEqual([]);
    } finally {
      for (const s of [doorSocket, ceoSocket, outsiderSocket]) s.disconnect();
    }
  });
  it('stops pushing to a door removed from the club, a CEO whose role is revoked, and keeps the others', async () => {
    const ours = await staffedClub(t.app, admin);
    const night = await event(t.app, ours.club.id);
    const base = await url();
    const doorSocket = await connected(connect(base, ours.door.cookie));
    const ceoSocket = await connected(connect(base, ours.ceo.cookie));
    const adminSocket = await connected(connect(base, admin.cookie));
    try {
      for (const socket of [doorSocket, ceoSocket, adminSocket]) {
        expect((await socket.timeout(3000).emitWithAck(DOOR_SOCKET_EVENTS.watch, night.id)).ok).toBe(true);
      }
      const heard = { door: [] as Aforo[], ceo: [] as Aforo[] };
      doorSocket.on(DOOR_SOCKET_EVENTS.aforo, (a: Aforo) => heard.door.push(a));
      ceoSocket.on(DOOR_SOCKET_EVENTS.aforo, (a: Aforo) => heard.ceo.push(a));

      expect(
        (await call('DELETE', `/api/clubs/${ours.club.id}/staff/${ours.door.id}`, ours.ceo.cookie))
          .statusCode,
      ).toBe(204);
      const holder = await person(t.app);
      const [first] = await getTicket(t.app, holder, night.typeId(0));
      const atAdmin = nextEvent<Aforo>(adminSocket, DOOR_SOCKET_EVENTS.aforo);
      expect((await scan(t.app, ours.ceo, night.id, { token: first!.token })).json().outcome).toBe('valid');
      expect(await atAdmin).toMatchObject({ entries: 1 });
      expect(heard.ceo).toMatchObject([{ entries: 1 }]);

      expect(
        (await call('DELETE', `/api/admin/users/${ours.ceo.id}/roles/ceo`, admin.cookie)).statusCode,
      ).toBe(200);
      const [second] = await getTicket(t.app, holder, night.typeId(0));
      const againAtAdmin = nextEvent<Aforo>(adminSocket, DOOR_SOCKET_EVENTS.aforo);
      expect((await scan(t.app, admin, night.id, { token: second!.token })).json().outcome).toBe('valid');
      expect(await againAtAdmin).toMatchObject({ entries: 2 });
      await new Promise((r) => setTimeout(r, 200));
      expect(heard.door).toEqual([]);
      expect(heard.ceo).toHaveLength(1);
      // Asking to watch again is refused too.
      expect(await doorSocket.timeout(3000).emitWithAck(DOOR_SOCKET_EVENTS.watch, night.id)).toEqual({
        ok: false,
        code: 'NOT_DOOR_STAFF',
      });
    } finally {
      for (const s of [doorSocket, ceoSocket, adminSocket]) s.disconnect();
    }
  });
});

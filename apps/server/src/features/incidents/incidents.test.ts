// Incidents and the club's ban list: door staff log incidents (and bans) for their club's events, the club's CEO
// and admins read and export them, a banned person's ticket scans red at that club's door only, with the reason
// for the staff and never for the holder. Every scope rule is the server's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  HOUR,
  caller,
  event,
  getTicket,
  person,
  scan,
  staffedClub,
  type Person,
} from '../../../test/door-fixture.ts';

describe.each(DIALECTS)('incidents and bans on %s', (dialect) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let admin: Person;
  let a: Awaited<ReturnType<typeof staffedClub>>;
  let b: Awaited<ReturnType<typeof staffedClub>>;
  let eventA: Awaited<ReturnType<typeof event>>;
  let eventB: Awaited<ReturnType<typeof event>>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    call = caller(t.app);
    admin = await person(t.app, 'admin');
    a = await staffedClub(t.app, admin);
    b = await staffedClub(t.app, admin);
    eventA = await event(t.app, a.club.id);
    eventB = await event(t.app, b.club.id);
  });
  afterAll(async () => t.close());

  const logIncident = (who: { cookie: string }, eventId: string, body: Record<string, unknown>) =>
    call('POST', `/api/door/events/${eventId}/incidents`, who.cookie, body);

  it('door staff log an incident with its tickets; the CEO and an admin see it, the door only its own', async () => {
    const holder = await person(t.app);
    const [ticket] = await getTicket(t.app, holder, eventA.typeId(0));
    const logged = await logIncident(a.door, eventA.id, {
      type: 'fight',
      description: 'Pelea en la barra de arriba',
      ticketIds: [ticket!.id],
    });
    expect(logged.statusCode, logged.body).toBe(201);
    const incidentId = logged.json().id as string;

    for (const who of [a.ceo, admin]) {
      const list = await call('GET', `/api/clubs/${a.club.id}/incidents`, who.cookie);
      expect(list.statusCode).toBe(200);
      const found = list.json().items.find((i: { id: string }) => i.id === incidentId);
      expect(found).toMatchObject({
        type: 'fight',
        eventId: eventA.id,
        description: 'Pelea en la barra de arriba',
      });
      expect(found.tickets).toEqual([{ id: ticket!.id, holderName: holder.name, type: 'General' }]);
      expect(Math.abs(new Date(found.occurredAt).getTime() - Date.now())).toBeLessThan(60_000);
    }
    // The door reads what it logged that night, not the club's record.
    expect((await call('GET', `/api/clubs/${a.club.id}/incidents`, a.door.cookie)).statusCode).toBe(404);
    const own = await call('GET', `/api/door/events/${eventA.id}/incidents`, a.door.cookie);
    expect(own.json().items.map((i: { id: string }) => i.id)).toContain(incidentId);
    const ceoOwn = await call('GET', `/api/door/events/${eventA.id}/incidents`, a.ceo.cookie);
    expect(ceoOwn.json().items.map((i: { id: string }) => i.id)).not.toContain(incidentId);
  });

  it("keeps a club's incidents and bans from another club's CEO and door (404/403) and changes nothing", async () => {
    const holder = await person(t.app);
    const [ticket] = await getTicket(t.app, holder, eventA.typeId(0));
    for (const url of [
      `/api/clubs/${a.club.id}/incidents`,
      `/api/clubs/${a.club.id}/incidents.csv`,
      `/api/clubs/${a.club.id}/bans`,
    ]) {
      const response = await call('GET', url, b.ceo.cookie);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code).toBe('CLUB_NOT_FOUND');
    }
    const ban = await call('POST', `/api/clubs/${a.club.id}/bans`, b.ceo.cookie, {
      ticketId: ticket!.id,
      reason: 'Intento desde otra discoteca',
      until: null,
    });
    expect(ban.statusCode).toBe(404);
    const foreign = await logIncident(b.door, eventA.id, { type: 'theft', description: 'No es mi club' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('NOT_DOOR_STAFF');
    // A ticket of club A's event cannot be put on club B's list either.
    const crossed = await call('POST', `/api/clubs/${b.club.id}/bans`, b.ceo.cookie, {
      ticketId: ticket!.id,
      reason: 'Entrada de otra discoteca',
      until: null,
    });
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json().error.field).toBe('ticketId');
    const bans = await t.app.db
      .selectFrom('club_bans')
      .select('id')
      .where('user_id', '=', holder.id)
      .execute();
    expect(bans).toEqual([]);
    expect((await call('GET', `/api/clubs/${a.club.id}/incidents`)).statusCode).toBe(401);
  });

  it('answers bad input with 400, the field and a Spanish message, and stores nothing', async () => {
    const holder = await person(t.app);
    const [other] = await getTicket(t.app, holder, eventB.typeId(0));
    const before = await t.app.db.selectFrom('incidents').select('id').execute();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ type: 'riot', description: 'Algo pasó' }, 'type', /tipo de incidente/],
      [{ type: 'fight', description: '' }, 'description', /Describe qué pasó/],
      [
        {
          type: 'fight',
          description: 'Algo pasó',
          occurredAt: new Date(Date.now() + 2 * HOUR).toISOString(),
        },
        'occurredAt',
        /no puede ser futura/,
      ],
      [
        { type: 'fight', description: 'Algo pasó', ticketIds: [other!.id] },
        'ticketIds',
        /no es de este evento/,
      ],
      [
        { type: 'fight', description: 'Algo pasó', ban: { reason: 'Pelea', until: null } },
        'ticketIds',
        /añade su entrada/,
      ],
      [
        {
          type: 'fight',
          description: 'Algo pasó',
          ban: { reason: 'Pelea', until: new Date(Date.now() - HOUR).toISOString() },
        },
        'ban.until',
        /tiene que ser futura/,
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await logIncident(a.door, eventA.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const error = response.json().error;
      expect(JSON.stringify(error), JSON.stringify(body)).toContain(field);
      expect(error.message).toMatch(message);
    }
    expect(await t.app.db.selectFrom('incidents').select('id').execute()).toEqual(before);
  });

  it('a banned holder scans red at that club with the reason for staff, still enters club B, and is never told why', async () => {
    const holder = await person(t.app);
    const [first] = await getTicket(t.app, holder, eventA.typeId(0));
    const [inA] = await getTicket(t.app, holder, eventA.typeId(1));
    const [inB] = await getTicket(t.app, holder, eventB.typeId(0));
    const until = new Date(Date.now() + 30 * 24 * HOUR).toISOString();
    const logged = await logIncident(a.door, eventA.id, {
      type: 'harassment',
      description: 'Acoso a una camarera',
      ticketIds: [first!.id],
      ban: { reason: 'Acoso al personal', until },
    });
    expect(logged.statusCode, logged.body).toBe(201);
    expect(logged.json().banned).toBe(1);

    const red = await scan(t.app, a.door, eventA.id, { token: inA!.token });
    expect(red.statusCode).toBe(200);
    expect(red.json()).toMatchObject({
      outcome: 'banned',
      ban: { reason: 'Acoso al personal', until },
      ticket: { id: inA!.id },
    });
    const row = await t.app.db
      .selectFrom('tickets')
      .select('status')
      .where('id', '=', inA!.id)
      .executeTakeFirst();
    expect(row?.status).toBe('valid');

    // Club B knows nothing of club A's list.
    const green = await scan(t.app, b.door, eventB.id, { token: inB!.token });
    expect(green.json().outcome).toBe('valid');
    expect(green.json().ban ?? null).toBeNull();

    // The holder hears that entry is refused and where to turn, not the reason; their ticket says nothing more.
    const notes = (await call('GET', '/api/notifications', holder.cookie)).json().items as {
      title: string;
      body: string;
    }[];
    const refused = notes.find((n) => n.title.startsWith('No se permite tu entrada'));
    expect(refused?.body).toMatch(/contacta con la discoteca/);
    // Trying again tonight is red again, but the holder is not told twice.
    expect((await scan(t.app, a.door, eventA.id, { token: inA!.token })).json().outcome).toBe('banned');
    const notesAgain = (await call('GET', '/api/notifications', holder.cookie)).json().items as {
      title: string;
    }[];
    expect(notesAgain.filter((n) => n.title.startsWith('No se permite tu entrada'))).toHaveLength(1);
    const everything =
      JSON.stringify(notes) + (await call('GET', `/api/tickets/${inA!.id}`, holder.cookie)).body;
    expect(everything).not.toContain('Acoso al personal');
    expect(everything).not.toContain('Acoso a una camarera');
  });

  it('the CEO bans by ticket, lists, and lifts; once lifted the ticket scans green', async () => {
    const holder = await person(t.app);
    const [one, two] = await getTicket(t.app, holder, eventA.typeId(0), 2);
    const created = await call('POST', `/api/clubs/${a.club.id}/bans`, a.ceo.cookie, {
      ticketId: one!.id,
      reason: 'Trapicheo en el baño',
      until: null,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      userId: holder.id,
      until: null,
      active: true,
      personName: holder.name,
    });
    const again = await call('POST', `/api/clubs/${a.club.id}/bans`, a.ceo.cookie, {
      ticketId: two!.id,
      reason: 'Otra vez',
      until: null,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/ya tiene un veto/);

    const listed = (await call('GET', `/api/clubs/${a.club.id}/bans`, a.ceo.cookie)).json().items as {
      id: string;
    }[];
    expect(listed.map((x) => x.id)).toContain(created.json().id);
    expect((await scan(t.app, a.door, eventA.id, { ticketId: two!.id })).json().outcome).toBe('banned');

    const lifted = await call('POST', `/api/clubs/${a.club.id}/bans/${created.json().id}/lift`, a.ceo.cookie);
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json().active).toBe(false);
    expect(
      (await call('POST', `/api/clubs/${b.club.id}/bans/${created.json().id}/lift`, b.ceo.cookie)).statusCode,
    ).toBe(404);
    const active = (await call('GET', `/api/clubs/${a.club.id}/bans`, a.ceo.cookie)).json().items as {
      id: string;
    }[];
    expect(active.map((x) => x.id)).not.toContain(created.json().id);
    const all = (await call('GET', `/api/clubs/${a.club.id}/bans?all=1`, a.ceo.cookie)).json().items as {
      id: string;
    }[];
    expect(all.map((x) => x.id)).toContain(created.json().id);
    expect((await scan(t.app, a.door, eventA.id, { ticketId: two!.id })).json().outcome).toBe('valid');
  });

  it('a ban that ran out lets the person in again', async () => {
    const holder = await person(t.app);
    const [ticket] = await getTicket(t.app, holder, eventA.typeId(0));
    await t.app.db
      .insertInto('club_bans')
      .values({
        id: `ban-old-${dialect}`,
        club_id: a.club.id,
        user_id: holder.id,
        ticket_id: ticket!.id,
        incident_id: null,
        reason: 'Viejo',
        until: new Date(Date.now() - HOUR).toISOString(),
        created_by: a.ceo.id,
        created_at: new Date(Date.now() - 48 * HOUR).toISOString(),
        lifted_at: null,
        lifted_by: null,
      })
      .execute();
    expect((await scan(t.app, a.door, eventA.id, { ticketId: ticket!.id })).json().outcome).toBe('valid');
  });

  it('two people banning the same person at once make one ban; two lifting it lift it once', async () => {
    const holder = await person(t.app);
    const tickets = await getTicket(t.app, holder, eventA.typeId(0), 4);
    const answers = await Promise.all(
      tickets.map((ticket, i) =>
        call('POST', `/api/clubs/${a.club.id}/bans`, i % 2 ? admin.cookie : a.ceo.cookie, {
          ticketId: ticket.id,
          reason: `Pelea ${i}`,
          until: null,
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const rows = await t.app.db
      .selectFrom('club_bans')
      .select('id')
      .where('user_id', '=', holder.id)
      .execute();
    expect(rows).toHaveLength(1);
    const lifts = await Promise.all(
      [a.ceo, admin, a.ceo].map((who) =>
        call('POST', `/api/clubs/${a.club.id}/bans/${rows[0]!.id}/lift`, who.cookie),
      ),
    );
    expect(lifts.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
  });

  it('exports the filtered incidents as CSV with Madrid times', async () => {
    await logIncident(a.door, eventA.id, {
      type: 'medical',
      description: 'Desmayo, "agua" y ambulancia',
      occurredAt: '2026-01-10T01:30:00.000Z',
    });
    const csv = await call('GET', `/api/clubs/${a.club.id}/incidents.csv?type=medical`, a.ceo.cookie);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('fecha_hora,evento,tipo,descripcion,entradas,registrado_por');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('2026-01-10 02:30');
    expect(lines[1]).toContain('Asistencia médica');
    expect(lines[1]).toContain('"Desmayo, ""agua"" y ambulancia"');
    const filtered = await call(
      'GET',
      `/api/clubs/${a.club.id}/incidents?type=medical&eventId=${eventB.id}`,
      a.ceo.cookie,
    );
    expect(filtered.json().items).toEqual([]);
  });

  it("the offline pack carries the event's banned tickets with the staff's reason, only for that club", async () => {
    const holder = await person(t.app);
    const [inA] = await getTicket(t.app, holder, eventA.typeId(0));
    const [inB] = await getTicket(t.app, holder, eventB.typeId(0));
    const created = await call('POST', `/api/clubs/${a.club.id}/bans`, a.ceo.cookie, {
      ticketId: inA!.id,
      reason: 'Robo de un bolso',
      until: null,
    });
    expect(created.statusCode).toBe(201);
    const packA = (await call('GET', `/api/door/events/${eventA.id}/pack`, a.door.cookie)).json();
    expect(packA.bans).toContainEqual({ ticketId: inA!.id, reason: 'Robo de un bolso', until: null });
    const packB = (await call('GET', `/api/door/events/${eventB.id}/pack`, b.door.cookie)).json();
    expect(packB.bans.map((x: { ticketId: string }) => x.ticketId)).not.toContain(inB!.id);
    await call('POST', `/api/clubs/${a.club.id}/bans/${created.json().id}/lift`, a.ceo.cookie);
    const lifted = (await call('GET', `/api/door/events/${eventA.id}/pack`, a.door.cookie)).json();
    expect(lifted.bans.map((x: { ticketId: string }) => x.ticketId)).not.toContain(inA!.id);
  });
});

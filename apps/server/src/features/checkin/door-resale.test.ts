// A holder who put a ticket up for resale and then came after all: the door lets them in with it, the
// listing ends in the same commit, and whoever from the waitlist was being offered that ticket goes back to their
// place in the line and is told — online and when an offline door syncs the entry later.
import { toNotification } from '../notifications/index.ts';
import { randomUUID } from 'node:crypto';
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

describe.each(DIALECTS)('a listed ticket used at the door on %s', (dialect) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let staff: Awaited<ReturnType<typeof staffedClub>>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    call = caller(t.app);
    staff = await staffedClub(t.app, await person(t.app, 'admin'));
  });
  afterAll(async () => t.close());

  const ticketRow = (id: string) =>
    t.app.db
      .selectFrom('tickets')
      .select(['status', 'resale_listed_at', 'resale_offer_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const entryRow = (id: string) =>
    t.app.db
      .selectFrom('ticket_waitlist')
      .select(['status', 'resale_ticket_id', 'offer_expires_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const titlesOf = async (userId: string) =>
    (
      await t.app.db
        .selectFrom('notifications')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute()
    ).map((n) => toNotification(n).title);

  // A sold-out night of one place: the seller lists it, `waiting` joins the line and is offered it; then the
  // doors open (the night is moved to have started an hour ago).
  async function offeredSetup() {
    const night = await event(t.app, staff.club.id, {
      startsInHours: 24,
      types: [{ name: 'General', priceCents: 1500, capacity: 1 }],
    });
    const seller = await person(t.app);
    const waiting = await person(t.app);
    const [ticket] = await getTicket(t.app, seller, night.typeId(0));
    expect((await call('POST', `/api/tickets/${ticket!.id}/resale`, seller.cookie)).statusCode).toBe(200);
    const joined = await call('POST', `/api/ticket-types/${night.typeId(0)}/waitlist`, waiting.cookie);
    expect(joined.json()).toMatchObject({ status: 'offered' });
    const start = new Date(Date.now() - HOUR);
    await t.app.db
      .updateTable('events')
      .set({ start_at: start.toISOString(), end_at: new Date(start.getTime() + 6 * HOUR).toISOString() })
      .where('id', '=', night.id)
      .execute();
    return { night, seller, waiting, ticket: ticket!, entryId: joined.json().id as string };
  }

  async function expectListingEnded(s: Awaited<ReturnType<typeof offeredSetup>>, waiting: Person) {
    expect(await ticketRow(s.ticket.id)).toMatchObject({
      status: 'used',
      resale_listed_at: null,
      resale_offer_id: null,
    });
    // Back at the front of the line, with no offer in hand.
    expect(await entryRow(s.entryId)).toMatchObject({
      status: 'waiting',
      resale_ticket_id: null,
      offer_expires_at: null,
    });
    expect(await titlesOf(waiting.id)).toContain(`La entrada de ${s.night.name} ya no está disponible`);
    const accept = await call('POST', `/api/waitlist/${s.entryId}/accept`, waiting.cookie);
    expect(accept.statusCode).toBe(409);
    // Nobody else got a ticket for the place the holder used.
    const valid = await t.app.db
      .selectFrom('tickets')
      .select('id')
      .where('event_id', '=', s.night.id)
      .where('status', 'in', ['valid', 'used'])
      .execute();
    expect(valid.map((r) => r.id)).toEqual([s.ticket.id]);
  }

  it('lets the holder in online, ends the listing and gives the offered person back their place', async () => {
    const s = await offeredSetup();
    const scanned = await scan(t.app, staff.door, s.night.id, { token: s.ticket.token });
    expect(scanned.json().outcome).toBe('valid');
    await expectListingEnded(s, s.waiting);
  });

  it('does the same when an offline door syncs the entry', async () => {
    const s = await offeredSetup();
    const item = {
      clientId: `cid-${randomUUID()}`,
      ticketId: s.ticket.id,
      token: s.ticket.token,
      scannedAt: new Date(Date.now() - 60_000).toISOString(),
    };
    const synced = await call('POST', `/api/door/events/${s.night.id}/sync`, staff.door.cookie, {
      door: 'Puerta sin cobertura',
      checkIns: [item],
    });
    expect(synced.json().results[0]).toMatchObject({ status: 'recorded' });
    await expectListingEnded(s, s.waiting);
  });

  it('a listing nobody was offered ends too, so nobody who joins later is offered a used ticket', async () => {
    const night = await event(t.app, staff.club.id, {
      startsInHours: 24,
      types: [{ name: 'General', priceCents: 1500, capacity: 1 }],
    });
    const seller = await person(t.app);
    const [ticket] = await getTicket(t.app, seller, night.typeId(0));
    await call('POST', `/api/tickets/${ticket!.id}/resale`, seller.cookie);
    await t.app.db
      .updateTable('events')
      .set({ start_at: new Date(Date.now() - HOUR).toISOString() })
      .where('id', '=', night.id)
      .execute();
    expect((await scan(t.app, staff.door, night.id, { token: ticket!.token })).json().outcome).toBe('valid');
    expect(await ticketRow(ticket!.id)).toMatchObject({ status: 'used', resale_listed_at: null });
    const mine = (await call('GET', `/api/tickets/${ticket!.id}`, seller.cookie)).json();
    expect(mine).toMatchObject({ status: 'used', forResale: false });
  });
});

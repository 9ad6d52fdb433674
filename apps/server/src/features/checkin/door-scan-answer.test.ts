// What a scan's answer is built from: a QR that is the ticket's stored token is let in without a second signature
// check, any other token is still checked (outdated, forged, another event's), and the aforo the answer carries is
// the event's own count after the entry, on the engine's either path (PostgreSQL counts it in the statement that
// admits the entry, and reads there too the holder's in-app preference and unread count for their toast).
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SOCKET_EVENTS } from '@nocturna/shared';
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

describe.each(DIALECTS)('the answer to a scan on %s', (dialect) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let admin: Person;
  let staff: Awaited<ReturnType<typeof staffedClub>>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    call = caller(t.app);
    admin = await person(t.app, 'admin');
    staff = await staffedClub(t.app, admin);
  });
  afterAll(async () => t.close());
  afterEach(() => vi.restoreAllMocks());

  const aforo = async (eventId: string) =>
    (await call('GET', `/api/door/events/${eventId}/aforo`, staff.door.cookie)).json();

  it('lets the ticket’s stored token in without verifying its signature again, and verifies every other token', async () => {
    const night = await event(t.app, staff.club.id);
    const elsewhere = await event(t.app, staff.club.id);
    const holder = await person(t.app);
    const [ticket, second] = await getTicket(t.app, holder, night.typeId(0), 2);
    const [theirs] = await getTicket(t.app, holder, elsewhere.typeId(0));
    const verify = vi.spyOn(t.app.ticketSigner, 'verify');

    expect((await scan(t.app, staff.door, night.id, { token: ticket!.token })).json().outcome).toBe('valid');
    // Again at another door: "ya usada", still without a signature check.
    expect((await scan(t.app, staff.door, night.id, { token: ticket!.token })).json().outcome).toBe(
      'already_used',
    );
    expect(verify).not.toHaveBeenCalled();

    // Well signed but not the token the ticket holds: checked, and outdated.
    const old = t.app.ticketSigner.sign({ t: second!.id, e: night.id, h: holder.id, i: 1_000 });
    expect((await scan(t.app, staff.door, night.id, { token: old })).json()).toMatchObject({
      outcome: 'outdated',
      ticket: { id: second!.id },
    });
    expect(verify).toHaveBeenCalledTimes(1);
    // Another event's ticket: checked before anything is read, and "wrong event".
    expect((await scan(t.app, staff.door, night.id, { token: theirs!.token })).json()).toMatchObject({
      outcome: 'wrong_event',
      ticket: null,
      ticketEvent: { id: elsewhere.id },
    });
    expect(verify).toHaveBeenCalledTimes(2);
    // The stored token with its signature spoilt: not the stored token any more, so checked, and forged.
    const token = second!.token;
    const at = token.lastIndexOf('.') + 1;
    const spoilt = `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
    expect((await scan(t.app, staff.door, night.id, { token: spoilt })).json()).toMatchObject({
      outcome: 'forged',
      ticket: null,
    });
    expect(verify).toHaveBeenCalledTimes(3);
    const row = await t.app.db
      .selectFrom('tickets')
      .select('status')
      .where('id', '=', second!.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('valid');
  });

  it('answers every entry with the event’s aforo after it, as the aforo route counts it', async () => {
    const night = await event(t.app, staff.club.id);
    const holder = await person(t.app);
    const tickets = await getTicket(t.app, holder, night.typeId(0), 4);
    const answers = [];
    for (const ticket of tickets.slice(0, 3))
      answers.push((await scan(t.app, staff.door, night.id, { token: ticket.token })).json());
    expect(answers.map((a) => a.aforo.entries)).toEqual([1, 2, 3]);
    expect(answers[2].aforo).toEqual(await aforo(night.id));

    // One goes out for a smoke; the next entry's answer counts them outside.
    const out = await call('POST', `/api/door/events/${night.id}/exits`, staff.door.cookie, {
      door: 'Puerta principal',
      ticketId: tickets[0]!.id,
    });
    expect(out.statusCode, out.body).toBe(200);
    const next = (await scan(t.app, staff.door, night.id, { token: tickets[3]!.token })).json();
    expect(next).toMatchObject({ outcome: 'valid', aforo: { entries: 4, inside: 3 } });
    expect(next.aforo).toEqual(await aforo(night.id));
    expect(next.aforo.onSale).toBeGreaterThan(0);
    expect(next.aforo.capacity).toBeGreaterThan(0);
  });

  it('tells the holder in the app, with their unread count, unless they turned that kind off', async () => {
    const night = await event(t.app, staff.club.id);
    const holder = await person(t.app);
    const quiet = await person(t.app);
    const [mine] = await getTicket(t.app, holder, night.typeId(0));
    const [theirs] = await getTicket(t.app, quiet, night.typeId(0));
    await t.app.db
      .insertInto('notification_preferences')
      .values({
        user_id: quiet.id,
        kind: 'tickets',
        in_app: false,
        email: true,
        push: true,
        updated_at: new Date().toISOString(),
      })
      .execute();
    const unread = async (who: Person) =>
      (await call('GET', '/api/notifications/unread-count', who.cookie)).json().count;
    const toUser = vi.spyOn(t.app.realtime, 'toUser');

    expect((await scan(t.app, staff.door, night.id, { token: mine!.token })).json().outcome).toBe('valid');
    await vi.waitFor(() =>
      expect(toUser.mock.calls.map((c) => c[1])).toEqual(
        expect.arrayContaining([SOCKET_EVENTS.notificationNew, SOCKET_EVENTS.unreadCount]),
      ),
    );
    const toast = toUser.mock.calls.find((c) => c[1] === SOCKET_EVENTS.notificationNew)!;
    expect(toast[0]).toBe(holder.id);
    expect(toast[2]).toMatchObject({
      type: 'ticket_checked_in',
      isRead: false,
      refs: { eventId: night.id, ticketId: mine!.id },
    });
    const badge = toUser.mock.calls.find((c) => c[1] === SOCKET_EVENTS.unreadCount)!;
    expect(badge[0]).toBe(holder.id);
    expect(badge[2]).toEqual({ count: await unread(holder) });
    expect(await unread(holder)).toBeGreaterThan(0);

    // In the list, already read, and no toast or badge.
    toUser.mockClear();
    const before = await unread(quiet);
    expect((await scan(t.app, staff.door, night.id, { token: theirs!.token })).json().outcome).toBe('valid');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(toUser.mock.calls.filter((c) => c[0] === quiet.id)).toEqual([]);
    expect(await unread(quiet)).toBe(before);
    const stored = await t.app.db
      .selectFrom('notifications')
      .select('is_read')
      .where('user_id', '=', quiet.id)
      .where('type', '=', 'ticket_checked_in')
      .executeTakeFirstOrThrow();
    expect(Boolean(stored.is_read)).toBe(true);
  });
});

// What an event offers, the holder's tickets (upcoming/past, detail, .ics), cancelling and transferring.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, type TestApp } from '../test-app.ts';
import { signUp } from '../auth-helpers.ts';
import { buy, call, connect, hoursFromNow, soldOf, ticketEvent } from '../tickets-fixture.ts';
import { checkTicketToken } from '../../src/features/tickets/token-check.ts';
import { dueTickets } from '../../src/features/reminders/repository.ts';

describe.each(DIALECTS)('tickets on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

  describe('ticket types of an event', () => {
    it('shows price and availability: what is left only when few remain, sold out, not yet on sale, closed', async () => {
      const ev = await ticketEvent(t.app.db, {
        types: [
          { name: 'Lista gratis hasta la 01:30', priceCents: 0, capacity: 200 },
          { name: 'General', priceCents: 1500, capacity: 300 },
          { name: 'VIP', priceCents: 6000, capacity: 20, perPersonLimit: 2 },
          { name: 'Preventa', priceCents: 1000, capacity: 50, salesUntil: hoursFromNow(-2) },
          { name: 'Taquilla', priceCents: 2000, capacity: 50, salesFrom: hoursFromNow(20) },
        ],
      });
      const sold = (position: number, n: number) =>
        t.app.db.updateTable('ticket_types').set({ sold: n }).where('id', '=', ev.typeId(position)).execute();
      await sold(0, 200);
      await sold(1, 250);
      await sold(2, 5);
      const response = await call(t.app, 'GET', `/api/events/${ev.eventId}/ticket-types`);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.code).toBe('none');
      expect(
        body.types.map((x: { name: string; availability: string; remaining: number | null }) => [
          x.name,
          x.availability,
          x.remaining,
        ]),
      ).toEqual([
        ['Lista gratis hasta la 01:30', 'sold_out', null],
        // Shown from max(10, 10 % of the capacity) down: 50 left of 300 and 15 left of 20 are not few yet.
        ['General', 'on_sale', null],
        ['VIP', 'on_sale', null],
        ['Preventa', 'closed', null],
        ['Taquilla', 'not_yet', null],
      ]);
      expect(body.types[0]).toMatchObject({
        kind: 'free',
        price: { cents: 0, currency: 'EUR' },
        heldByMe: 0,
        unlocked: false,
      });
      expect(body.types[2]).toMatchObject({ kind: 'door', perPersonLimit: 2 });
      await sold(1, 275);
      await sold(2, 12);
      const again = (await call(t.app, 'GET', `/api/events/${ev.eventId}/ticket-types`)).json();
      expect(again.types[1].remaining).toBe(25);
      expect(again.types[2].remaining).toBe(8);
    });

    it('counts what the signed-in person holds, and answers 404 for unknown or unpublished events', async () => {
      const ev = await ticketEvent(t.app.db, {
        types: [{ name: 'General', priceCents: 1500, capacity: 30 }],
      });
      const user = await signUp(t.app);
      await buy(t.app, user, { ticketTypeId: ev.typeId(0), quantity: 2 });
      const mine = (await call(t.app, 'GET', `/api/events/${ev.eventId}/ticket-types`, user.cookie)).json();
      expect(mine.types[0].heldByMe).toBe(2);
      expect((await call(t.app, 'GET', '/api/events/nope/ticket-types')).json().error.code).toBe(
        'EVENT_NOT_FOUND',
      );
      const draft = await ticketEvent(t.app.db, {
        status: 'draft',
        types: [{ name: 'General', priceCents: 1500, capacity: 30 }],
      });
      expect((await call(t.app, 'GET', `/api/events/${draft.eventId}/ticket-types`)).statusCode).toBe(404);
    });

    it('shows a hidden type only with one of its promoter codes, and never on the event page', async () => {
      const ev = await ticketEvent(t.app.db, {
        types: [
          { name: 'General', priceCents: 1500, capacity: 30 },
          {
            name: 'Lista RPP',
            priceCents: 500,
            capacity: 30,
            hidden: true,
            codes: [{ code: 'RAQUEL25' }, { code: 'DIEGO10' }],
          },
        ],
      });
      const names = (body: { types: { name: string }[] }) => body.types.map((x) => x.name);
      expect(names((await call(t.app, 'GET', `/api/events/${ev.eventId}/ticket-types`)).json())).toEqual([
        'General',
      ]);
      const unlocked = (
        await call(t.app, 'GET', `/api/events/${ev.eventId}/ticket-types?code=diego10`)
      ).json();
      expect(unlocked.code).toBe('accepted');
      expect(names(unlocked)).toEqual(['General', 'Lista RPP']);
      expect(unlocked.types[1].unlocked).toBe(true);
      const wrong = (await call(t.app, 'GET', `/api/events/${ev.eventId}/ticket-types?code=NADA123`)).json();
      expect(wrong.code).toBe('invalid');
      expect(names(wrong)).toEqual(['General']);
      expect((await call(t.app, 'GET', `/api/events/${ev.eventId}/ticket-types?code=a`)).statusCode).toBe(
        400,
      );
      const detail = (await call(t.app, 'GET', `/api/events/${ev.eventId}`)).json();
      expect(detail.ticketTypes.map((x: { name: string }) => x.name)).toEqual(['General']);
    });
  });

  describe('my tickets', () => {
    it('lists upcoming tickets soonest first and past ones (ended, cancelled, transferred) latest first', async () => {
      const soon = await ticketEvent(t.app.db, {
        startsInHours: 5,
        types: [{ name: 'General', priceCents: 1000, capacity: 10 }],
      });
      const later = await ticketEvent(t.app.db, {
        startsInHours: 50,
        types: [{ name: 'General', priceCents: 1000, capacity: 10 }],
      });
      const underWay = await ticketEvent(t.app.db, {
        startsInHours: -1,
        hours: 6,
        types: [{ name: 'General', priceCents: 1000, capacity: 10 }],
      });
      const user = await signUp(t.app);
      const later1 = (await buy(t.app, user, { ticketTypeId: later.typeId(0) })).json().tickets[0];
      const soon1 = (await buy(t.app, user, { ticketTypeId: soon.typeId(0), quantity: 2 })).json().tickets;
      // A ticket for a night under way was bought before it started.
      const early = await ticketEvent(t.app.db, {
        startsInHours: -30,
        hours: 6,
        types: [{ name: 'General', priceCents: 1000, capacity: 10 }],
      });
      await buy(t.app, user, { ticketTypeId: underWay.typeId(0) });
      const setEnd = (hours: number) =>
        t.app.db
          .updateTable('events')
          .set({ end_at: hoursFromNow(hours).toISOString() })
          .where('id', '=', early.eventId)
          .execute();
      await setEnd(5);
      await buy(t.app, user, { ticketTypeId: early.typeId(0) });
      await setEnd(-24);
      await call(t.app, 'POST', `/api/tickets/${soon1[1].id}/cancel`, user.cookie);

      const upcoming = (await call(t.app, 'GET', '/api/tickets', user.cookie)).json();
      expect(upcoming.items.map((x: { id: string }) => x.id)).toEqual([
        `${user.id}_${underWay.eventId}`,
        soon1[0].id,
        later1.id,
      ]);
      const past = (await call(t.app, 'GET', '/api/tickets?when=past', user.cookie)).json();
      expect(past.items.map((x: { id: string; status: string }) => [x.id, x.status])).toEqual([
        [soon1[1].id, 'cancelled'],
        [`${user.id}_${early.eventId}`, 'valid'],
      ]);
      expect(past.items[0].token).toBeNull();
      // Paged with a cursor.
      const first = (await call(t.app, 'GET', '/api/tickets?limit=2', user.cookie)).json();
      expect(first.items).toHaveLength(2);
      const second = (
        await call(t.app, 'GET', `/api/tickets?limit=2&cursor=${first.nextCursor}`, user.cookie)
      ).json();
      expect(second.items.map((x: { id: string }) => x.id)).toEqual([later1.id]);
      expect(second.nextCursor).toBeNull();
      expect((await call(t.app, 'GET', '/api/tickets?cursor=zzz', user.cookie)).statusCode).toBe(400);
      expect((await call(t.app, 'GET', '/api/tickets')).statusCode).toBe(401);
    });

    it('shows a ticket with its QR, event, club and type to its holder only; anyone else gets 404', async () => {
      const ev = await ticketEvent(t.app.db, {
        types: [{ name: 'General', priceCents: 1500, capacity: 10 }],
      });
      const [user, other] = [await signUp(t.app), await signUp(t.app)];
      const ticket = (await buy(t.app, user, { ticketTypeId: ev.typeId(0) })).json().tickets[0];
      const detail = await call(t.app, 'GET', `/api/tickets/${ticket.id}`, user.cookie);
      expect(detail.statusCode).toBe(200);
      expect(detail.json()).toMatchObject({
        id: ticket.id,
        token: ticket.token,
        type: 'General',
        event: { id: ev.eventId },
        club: { id: ev.clubId },
      });
      for (const [method, url] of [
        ['GET', `/api/tickets/${ticket.id}`],
        ['GET', `/api/tickets/${ticket.id}/calendar.ics`],
        ['POST', `/api/tickets/${ticket.id}/cancel`],
      ] as const) {
        const response = await call(t.app, method, url, other.cookie);
        expect(response.statusCode, url).toBe(404);
        expect(response.json().error.code).toBe('TICKET_NOT_FOUND');
      }
      expect(
        (await call(t.app, 'POST', `/api/tickets/${ticket.id}/transfer`, other.cookie, { toUserId: user.id }))
          .statusCode,
      ).toBe(404);
      expect((await call(t.app, 'GET', `/api/tickets/${ticket.id}`, user.cookie)).json().status).toBe(
        'valid',
      );
    });

    it('downloads the night as an .ics calendar file', async () => {
      const ev = await ticketEvent(t.app.db, {
        types: [{ name: 'General', priceCents: 1500, capacity: 10 }],
      });
      const user = await signUp(t.app);
      const ticket = (await buy(t.app, user, { ticketTypeId: ev.typeId(0) })).json().tickets[0];
      const response = await call(t.app, 'GET', `/api/tickets/${ticket.id}/calendar.ics`, user.cookie);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="nocturna-noche-[\w-]+\.ics"$/,
      );
      // Long lines are folded (RFC 5545 §3.1): unfold before reading.
      const text = response.body.replace(/\r\n[ \t]/g, '');
      expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
      expect(text).toContain(`UID:${ticket.id}@nocturna`);
      const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
      expect(text).toContain(`DTSTART:${stamp(ticket.event.startAt)}`);
      expect(text).toContain(`DTEND:${stamp(ticket.event.endAt)}`);
      expect(text).toContain('GEO:40.4251;-3.7059');
      expect(text).toMatch(/LOCATION:Sala [\w-]+\\, Calle del Pez 10\\, Madrid/);
      expect(text).toContain('BEGIN:VALARM');
      expect((await call(t.app, 'GET', `/api/tickets/${ticket.id}/calendar.ics`)).statusCode).toBe(401);
    });
  });

  describe('cancel', () => {
    it('cancels a valid ticket before the event starts: the place goes back on sale, history and notification', async () => {
      const ev = await ticketEvent(t.app.db, {
        types: [{ name: 'General', priceCents: 1500, capacity: 1, perPersonLimit: 1 }],
      });
      const [user, other] = [await signUp(t.app), await signUp(t.app)];
      const ticket = (await buy(t.app, user, { ticketTypeId: ev.typeId(0) })).json().tickets[0];
      expect((await buy(t.app, other, { ticketTypeId: ev.typeId(0) })).json().error.code).toBe(
        'TICKETS_SOLD_OUT',
      );
      const response = await call(t.app, 'POST', `/api/tickets/${ticket.id}/cancel`, user.cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        status: 'cancelled',
        token: null,
        canCancel: false,
        canTransfer: false,
        cancelledAt: expect.any(String),
      });
      expect(response.json().history.map((h: { action: string }) => h.action)).toEqual([
        'issued',
        'cancelled',
      ]);
      expect(await soldOf(t.app.db, ev.typeId(0))).toBe(0);
      // Freed for everyone, the canceller included (the per-person count went down too).
      expect((await buy(t.app, other, { ticketTypeId: ev.typeId(0) })).statusCode).toBe(201);
      await call(
        t.app,
        'POST',
        `/api/tickets/${(await call(t.app, 'GET', '/api/tickets', other.cookie)).json().items[0].id}/cancel`,
        other.cookie,
      );
      expect((await buy(t.app, user, { ticketTypeId: ev.typeId(0) })).statusCode).toBe(201);
      const notifications = (await call(t.app, 'GET', '/api/notifications', user.cookie)).json().items;
      expect(notifications.map((n: { type: string }) => n.type)).toEqual([
        'ticket_issued',
        'ticket_cancelled',
        'ticket_issued',
      ]);
      // The same ticket twice: nothing more changes.
      const again = await call(t.app, 'POST', `/api/tickets/${ticket.id}/cancel`, user.cookie);
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toMatchObject({
        code: 'TICKET_NOT_CANCELLABLE',
        message: 'Solo se puede cancelar una entrada válida: esta está cancelada.',
      });
      expect(await soldOf(t.app.db, ev.typeId(0))).toBe(1);
    });

    it('refuses once the event has started, and for used tickets', async () => {
      const ev = await ticketEvent(t.app.db, {
        startsInHours: 1,
        types: [{ name: 'General', priceCents: 1500, capacity: 10 }],
      });
      const user = await signUp(t.app);
      const [a, b] = (await buy(t.app, user, { ticketTypeId: ev.typeId(0), quantity: 2 })).json().tickets;
      await t.app.db
        .updateTable('tickets')
        .set({ status: 'used', check_in_at: new Date().toISOString() })
        .where('id', '=', b.id)
        .execute();
      const used = await call(t.app, 'POST', `/api/tickets/${b.id}/cancel`, user.cookie);
      expect(used.json().error.message).toBe(
        'Solo se puede cancelar una entrada válida: esta ya se usó en la puerta.',
      );
      await t.app.db
        .updateTable('events')
        .set({ start_at: hoursFromNow(-0.5).toISOString() })
        .where('id', '=', ev.eventId)
        .execute();
      const started = await call(t.app, 'POST', `/api/tickets/${a.id}/cancel`, user.cookie);
      expect(started.statusCode).toBe(409);
      expect(started.json().error.message).toBe(
        'El evento ya ha empezado: la entrada ya no se puede cancelar.',
      );
      expect(await soldOf(t.app.db, ev.typeId(0))).toBe(2);
    });
  });

  describe('transfer', () => {
    it('passes a ticket to a connection: new QR for them, the old one dies at once, both notified, history on both', async () => {
      const ev = await ticketEvent(t.app.db, {
        types: [{ name: 'General', priceCents: 1500, capacity: 10 }],
      });
      const [lucia, ana] = [await signUp(t.app), await signUp(t.app)];
      await connect(t.app, lucia, ana);
      const ticket = (await buy(t.app, lucia, { ticketTypeId: ev.typeId(0) })).json().tickets[0];
      const candidates = (await call(t.app, 'GET', '/api/tickets/transfer-candidates', lucia.cookie)).json()
        .items;
      expect(candidates).toEqual([
        { id: ana.id, name: `${ana.firstName} ${ana.lastName}`, username: ana.username, avatarUrl: null },
      ]);

      const response = await call(t.app, 'POST', `/api/tickets/${ticket.id}/transfer`, lucia.cookie, {
        toUserId: ana.id,
      });
      expect(response.statusCode).toBe(200);
      const old = response.json();
      expect(old).toMatchObject({
        status: 'transferred',
        token: null,
        transferredTo: { id: ana.id, name: `${ana.firstName} ${ana.lastName}` },
      });
      expect(
        old.history.map((h: { action: string; counterpart: { id: string } | null }) => [
          h.action,
          h.counterpart?.id ?? null,
        ]),
      ).toEqual([
        ['issued', null],
        ['transferred', ana.id],
      ]);

      const received = (await call(t.app, 'GET', '/api/tickets', ana.cookie)).json().items;
      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({
        id: `${ana.id}_${ev.eventId}`,
        status: 'valid',
        holderName: `${ana.firstName} ${ana.lastName}`,
        transferredFrom: { id: lucia.id },
        paymentStatus: 'due_at_door',
      });
      expect(received[0].token).not.toBe(ticket.token);
      const receivedDetail = (await call(t.app, 'GET', `/api/tickets/${received[0].id}`, ana.cookie)).json();
      expect(receivedDetail.history.map((h: { action: string }) => h.action)).toEqual(['received']);

      // The copy of Lucía's QR is refused; Ana's opens.
      expect(await checkTicketToken(t.app.db, t.app.ticketSigner, ticket.token)).toMatchObject({
        ok: false,
        reason: 'transferred',
      });
      expect(await checkTicketToken(t.app.db, t.app.ticketSigner, received[0].token)).toMatchObject({
        ok: true,
        ticket: { id: received[0].id },
      });
      expect(await soldOf(t.app.db, ev.typeId(0))).toBe(1);

      const types = async (cookie: string) =>
        (await call(t.app, 'GET', '/api/notifications', cookie))
          .json()
          .items.map((n: { type: string; title: string }) => [n.type, n.title]);
      expect((await types(ana.cookie))[0]).toEqual([
        'ticket_transferred',
        `${lucia.firstName} ${lucia.lastName} te ha pasado una entrada`,
      ]);
      expect((await types(lucia.cookie))[0]).toEqual([
        'ticket_transferred',
        `Has pasado tu entrada a ${ana.firstName} ${ana.lastName}`,
      ]);
      // The event reminder goes to the new holder only.
      const due = await dueTickets(t.app.db, new Date().toISOString(), hoursFromNow(72).toISOString(), 1000);
      expect(due.filter((d) => d.eventId === ev.eventId).map((d) => d.ticketId)).toEqual([received[0].id]);
      // The dead ticket cannot be passed again or cancelled.
      expect(
        (
          await call(t.app, 'POST', `/api/tickets/${ticket.id}/transfer`, lucia.cookie, { toUserId: ana.id })
        ).json().error.code,
      ).toBe('TICKET_NOT_TRANSFERABLE');
      expect((await call(t.app, 'POST', `/api/tickets/${ticket.id}/cancel`, lucia.cookie)).statusCode).toBe(
        409,
      );
    });

    it('only to an accepted connection with no block between them, never to oneself; nothing changes when refused', async () => {
      const ev = await ticketEvent(t.app.db, {
        types: [{ name: 'General', priceCents: 1500, capacity: 10 }],
      });
      const [lucia, stranger, pending, blocked] = [
        await signUp(t.app),
        await signUp(t.app),
        await signUp(t.app),
        await signUp(t.app),
      ];
      await call(t.app, 'POST', '/api/connections/requests', lucia.cookie, { userId: pending.id });
      await connect(t.app, lucia, blocked);
      await t.app.inject({
        method: 'PUT',
        url: `/api/blocks/${lucia.id}`,
        headers: { origin: 'http://localhost:3000', cookie: blocked.cookie },
      });
      const ticket = (await buy(t.app, lucia, { ticketTypeId: ev.typeId(0) })).json().tickets[0];
      for (const to of [stranger.id, pending.id, blocked.id, 'nobody']) {
        const response = await call(t.app, 'POST', `/api/tickets/${ticket.id}/transfer`, lucia.cookie, {
          toUserId: to,
        });
        expect(response.statusCode, to).toBe(403);
        expect(response.json().error).toMatchObject({ code: 'TRANSFER_NOT_ALLOWED', field: 'toUserId' });
      }
      const self = await call(t.app, 'POST', `/api/tickets/${ticket.id}/transfer`, lucia.cookie, {
        toUserId: lucia.id,
      });
      expect(self.statusCode).toBe(400);
      expect(
        (await call(t.app, 'POST', `/api/tickets/${ticket.id}/transfer`, lucia.cookie, {})).statusCode,
      ).toBe(400);
      expect(
        (await call(t.app, 'GET', '/api/tickets/transfer-candidates', lucia.cookie)).json().items,
      ).toEqual([]);
      const after = (await call(t.app, 'GET', `/api/tickets/${ticket.id}`, lucia.cookie)).json();
      expect(after).toMatchObject({ status: 'valid', token: ticket.token });
    });

    it("respects the recipient's per-person limit", async () => {
      const ev = await ticketEvent(t.app.db, {
        types: [{ name: 'VIP', priceCents: 6000, capacity: 10, perPersonLimit: 1 }],
      });
      const [lucia, ana] = [await signUp(t.app), await signUp(t.app)];
      await connect(t.app, lucia, ana);
      const mine = (await buy(t.app, lucia, { ticketTypeId: ev.typeId(0) })).json().tickets[0];
      await buy(t.app, ana, { ticketTypeId: ev.typeId(0) });
      const response = await call(t.app, 'POST', `/api/tickets/${mine.id}/transfer`, lucia.cookie, {
        toUserId: ana.id,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toMatchObject({
        code: 'TICKET_LIMIT_REACHED',
        field: 'toUserId',
        details: { limit: 1 },
      });
      expect((await call(t.app, 'GET', `/api/tickets/${mine.id}`, lucia.cookie)).json().status).toBe('valid');
    });
  });
});

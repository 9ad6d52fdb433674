// Face-value resale through the real API on a real database: a listed ticket stays the
// seller's until someone from the waitlist takes it; then the buyer's ticket is written and the seller's QR dies in
// one commit, at the price paid (never above), keeping the original promoter, refunding a paid ticket once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTicketToken } from './index.ts';
import { DIALECTS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  buy,
  call,
  markPaidByCard,
  sessionUsers,
  soldOf,
  ticketEvent,
} from '../../../test/tickets-fixture.ts';

type Person = { id: string; name: string; cookie: string };
const MIN = 60_000;

describe.each(DIALECTS)('face-value resale on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

  // A sold-out type of one place, held by the seller.
  async function listedSetup() {
    const ev = await ticketEvent(t.app.db, {
      types: [{ name: 'General', priceCents: 1500, capacity: 1, perPersonLimit: 2 }],
    });
    const typeId = ev.typeId(0);
    const [seller, buyer, next] = await sessionUsers(t.app, 3);
    const bought = await buy(t.app, seller!, { ticketTypeId: typeId, quantity: 1 });
    const ticket = bought.json().tickets[0] as { id: string; token: string };
    return { ...ev, typeId, seller: seller!, buyer: buyer!, next: next!, ticket };
  }

  const resell = (p: Person, ticketId: string) =>
    call(t.app, 'POST', `/api/tickets/${encodeURIComponent(ticketId)}/resale`, p.cookie);
  const withdraw = (p: Person, ticketId: string) =>
    call(t.app, 'POST', `/api/tickets/${encodeURIComponent(ticketId)}/resale/withdraw`, p.cookie);
  const join = (p: Person, typeId: string) =>
    call(t.app, 'POST', `/api/ticket-types/${encodeURIComponent(typeId)}/waitlist`, p.cookie);
  const accept = (p: Person, entryId: string) =>
    call(t.app, 'POST', `/api/waitlist/${entryId}/accept`, p.cookie);
  const ticketOf = (id: string) =>
    t.app.db.selectFrom('tickets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const validOf = async (userIds: string[], typeId: string) =>
    (
      await t.app.db
        .selectFrom('tickets')
        .select('user_id')
        .where('ticket_type_id', '=', typeId)
        .where('status', '=', 'valid')
        .where('user_id', 'in', userIds)
        .execute()
    ).map((r) => r.user_id);
  const held = async (userId: string, typeId: string) =>
    Number(
      (
        await t.app.db
          .selectFrom('ticket_holdings')
          .select('held')
          .where('user_id', '=', userId)
          .where('ticket_type_id', '=', typeId)
          .executeTakeFirst()
      )?.held ?? 0,
    );

  it('a ticket listed with nobody waiting stays valid and hers, cannot be cancelled or passed on, and can be withdrawn', async () => {
    const s = await listedSetup();
    const listed = await resell(s.seller, s.ticket.id);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject({
      status: 'valid',
      forResale: true,
      canCancel: false,
      canTransfer: false,
      canResell: false,
    });
    expect(listed.json().token).toBe(s.ticket.token);
    const cancel = await call(t.app, 'POST', `/api/tickets/${s.ticket.id}/cancel`, s.seller.cookie);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().error.message).toMatch(/en reventa/);
    expect((await resell(s.seller, s.ticket.id)).json().error.code).toBe('RESALE_NOT_POSSIBLE');
    // Someone else's ticket does not exist for me.
    expect((await resell(s.buyer, s.ticket.id)).statusCode).toBe(404);
    const back = await withdraw(s.seller, s.ticket.id);
    expect(back.json()).toMatchObject({ status: 'valid', forResale: false, canCancel: true });
    expect(await soldOf(t.app.db, s.typeId)).toBe(1);
  });

  it('the first in line takes it at face value: the seller’s QR dies in the same commit and the promoter stays', async () => {
    const s = await listedSetup();
    // The original sale was a promoter's; the type's price has gone up since.
    await t.app.db
      .updateTable('tickets')
      .set({ promoter_id: s.next.id })
      .where('id', '=', s.ticket.id)
      .execute();
    await t.app.db
      .updateTable('ticket_types')
      .set({ price_cents: 2500 })
      .where('id', '=', s.typeId)
      .execute();
    await resell(s.seller, s.ticket.id);
    const entry = (await join(s.buyer, s.typeId)).json();
    expect(entry.status).toBe('offered');
    // Offered is not sold: the seller still holds the only valid QR.
    expect(await validOf([s.seller.id, s.buyer.id], s.typeId)).toEqual([s.seller.id]);
    expect((await withdraw(s.seller, s.ticket.id)).json().error.code).toBe('RESALE_OFFERED');

    const taken = await accept(s.buyer, entry.id);
    expect(taken.statusCode).toBe(201);
    const mine = taken.json().tickets[0];
    expect(mine).toMatchObject({ status: 'valid', price: { cents: 1500 } });
    const old = await ticketOf(s.ticket.id);
    expect(old.status).toBe('transferred');
    expect((await ticketOf(mine.id)).promoter_id).toBe(s.next.id);
    expect(await validOf([s.seller.id, s.buyer.id], s.typeId)).toEqual([s.buyer.id]);
    const check = await checkTicketToken(t.app.db, t.app.ticketSigner, s.ticket.token);
    expect(check.ok).toBe(false);
    expect((await checkTicketToken(t.app.db, t.app.ticketSigner, mine.token)).ok).toBe(true);
    // The seller's view: no QR, and no name of who bought it.
    const sellerView = (await call(t.app, 'GET', `/api/tickets/${s.ticket.id}`, s.seller.cookie)).json();
    expect(sellerView).toMatchObject({ status: 'transferred', token: null, transferredTo: null });
    expect(sellerView.history.map((h: { action: string }) => h.action)).toEqual(['issued', 'transferred']);
    expect(await soldOf(t.app.db, s.typeId)).toBe(1);
    expect([await held(s.seller.id, s.typeId), await held(s.buyer.id, s.typeId)]).toEqual([0, 1]);
    const told = await t.app.db
      .selectFrom('notifications')
      .select('message')
      .where('user_id', '=', s.seller.id)
      .where('message', 'in', ['ticketResold', 'ticketResoldRefunded'])
      .execute();
    expect(told).toHaveLength(1);
    // Free and pay-at-the-door tickets have nothing to refund.
    expect(await refundJobs(s.ticket.id)).toBe(0);
  });

  it('a buyer who came through another promoter’s link makes the resale that promoter’s', async () => {
    const s = await listedSetup();
    const [original, other] = await sessionUsers(t.app, 2);
    await t.app.db
      .updateTable('tickets')
      .set({ promoter_id: original!.id })
      .where('id', '=', s.ticket.id)
      .execute();
    await t.app.db
      .insertInto('club_promoters')
      .values({
        club_id: s.clubId,
        user_id: other!.id,
        code: 'OTRARPP',
        commission_kind: 'fixed',
        commission_value: 200,
        added_by: null,
        created_at: new Date().toISOString(),
        removed_at: null,
      })
      .execute();
    await resell(s.seller, s.ticket.id);
    const entry = await call(
      t.app,
      'POST',
      `/api/ticket-types/${encodeURIComponent(s.typeId)}/waitlist?rpp=OTRARPP`,
      s.buyer.cookie,
    );
    expect(entry.json().status).toBe('offered');
    const taken = await accept(s.buyer, entry.json().id);
    expect((await ticketOf(taken.json().tickets[0].id)).promoter_id).toBe(other!.id);
  });

  const refundJobs = async (ticketId: string) =>
    (
      await t.app.db.selectFrom('jobs').select('payload').where('kind', '=', 'payments.refund').execute()
    ).filter((j) => JSON.parse(j.payload).ticketId === ticketId).length;

  // Seller and buyer never both hold a valid QR: sampled all through a burst of the buyer's taps against the
  // seller's cancels and withdrawals. The seller's ticket paid online is refunded exactly once.
  it('a burst of the buyer taking it and the seller cancelling or withdrawing: one valid QR at every moment, one refund', async () => {
    const s = await listedSetup();
    await markPaidByCard(t.app.db, [s.ticket.id]);
    await resell(s.seller, s.ticket.id);
    const entry = (await join(s.buyer, s.typeId)).json();
    let racing = true;
    const samples: number[] = [];
    const sampler = (async () => {
      while (racing) {
        samples.push((await validOf([s.seller.id, s.buyer.id], s.typeId)).length);
        // SQLite answers without leaving the microtask queue: let the requests run between samples.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const responses = await Promise.all([
      ...Array.from({ length: 5 }, () => accept(s.buyer, entry.id)),
      ...Array.from({ length: 3 }, () =>
        call(t.app, 'POST', `/api/tickets/${s.ticket.id}/cancel`, s.seller.cookie),
      ),
      ...Array.from({ length: 3 }, () => withdraw(s.seller, s.ticket.id)),
    ]);
    racing = false;
    await sampler;
    const accepts = responses.slice(0, 5).map((r) => r.statusCode);
    expect(accepts.filter((c) => c === 201)).toHaveLength(1);
    expect(responses.slice(5).every((r) => r.statusCode === 409)).toBe(true);
    expect(samples.length).toBeGreaterThan(0);
    expect(samples.every((n) => n === 1)).toBe(true);
    expect(await validOf([s.seller.id, s.buyer.id], s.typeId)).toEqual([s.buyer.id]);
    expect(await refundJobs(s.ticket.id)).toBe(1);
  });

  it('a resale offer not taken passes to the next in line, and with nobody left the listing waits again', async () => {
    const s = await listedSetup();
    const first = (await join(s.buyer, s.typeId)).json();
    await resell(s.seller, s.ticket.id);
    await t.app.jobs.runDue(new Date(Date.now() + 16 * MIN));
    const row = await ticketOf(s.ticket.id);
    expect(row).toMatchObject({ status: 'valid', resale_offer_id: null });
    expect(row.resale_listed_at).not.toBeNull();
    expect((await accept(s.buyer, first.id)).json().error.code).toBe('WAITLIST_OFFER_GONE');
    // Someone joins: the waiting listing is offered at once.
    const second = (await join(s.next, s.typeId)).json();
    expect(second.status).toBe('offered');
    expect((await accept(s.next, second.id)).statusCode).toBe(201);
    expect(await validOf([s.seller.id, s.next.id], s.typeId)).toEqual([s.next.id]);
    expect(await soldOf(t.app.db, s.typeId)).toBe(1);
  });
});

// Events with ticket types for the ticket tests, placed relative to now (the server's clock, so a test that pins it
// places its events on the pinned time), and small helpers over the real API.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/connect.ts';
import { insertClub, insertEvent, type NewTicketType } from '../src/seed/catalogue-writer.ts';
import { resolveAuthSecret } from '../src/auth/secret.ts';
import { nowMs } from '../src/clock.ts';
import { TEST_ORIGIN, type signUp } from './auth-helpers.ts';

const HOUR = 3600_000;
let counter = 0;

export async function ticketEvent(
  db: Db,
  options: {
    startsInHours?: number;
    hours?: number;
    types: NewTicketType[];
    status?: 'published' | 'draft' | 'cancelled';
  },
) {
  const n = `${process.pid}-${counter++}`;
  const clubId = await insertClub(db, {
    slug: `sala-${n}`,
    name: `Sala ${n}`,
    barrio: 'Malasaña',
    openingDays: ['FRI', 'SAT'],
    address: 'Calle del Pez 10, Madrid',
    latitude: 40.4251,
    longitude: -3.7059,
  });
  const start = new Date(nowMs() + (options.startsInHours ?? 48) * HOUR);
  const eventId = await insertEvent(
    db,
    {
      slug: `noche-${n}`,
      clubId,
      name: `Noche ${n}`,
      startAt: start,
      endAt: new Date(start.getTime() + (options.hours ?? 6) * HOUR),
      status: options.status ?? 'published',
      ticketTypes: options.types,
    },
    `Sala ${n}`,
  );
  return { clubId, eventId, typeId: (position: number) => `${eventId}-tt${position + 1}` };
}

export const hoursFromNow = (hours: number) => new Date(nowMs() + hours * HOUR);

export type Buyer = Awaited<ReturnType<typeof signUp>>;

export function buy(
  app: FastifyInstance,
  buyer: { cookie: string },
  body: Record<string, unknown>,
  key: string | null = randomUUID(),
  origin: string = TEST_ORIGIN,
) {
  return app.inject({
    method: 'POST',
    url: '/api/tickets',
    headers: {
      origin,
      cookie: buyer.cookie,
      ...(key === null ? {} : { 'idempotency-key': key }),
    },
    payload: body,
  });
}

export function call(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  cookie?: string,
  payload?: Record<string, unknown>,
) {
  return app.inject({
    method,
    url,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    ...(payload ? { payload } : {}),
  });
}

// Through the people API: a asks, b accepts.
export async function connect(app: FastifyInstance, a: Buyer, b: Buyer): Promise<void> {
  const asked = await call(app, 'POST', '/api/connections/requests', a.cookie, { userId: b.id });
  if (asked.statusCode !== 200)
    throw new Error(`connection request failed: ${asked.statusCode} ${asked.body}`);
  const accepted = await call(app, 'POST', `/api/connections/requests/${a.id}/accept`, b.cookie);
  if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.statusCode} ${accepted.body}`);
}

export async function soldOf(db: Db, typeId: string): Promise<number> {
  const row = await db
    .selectFrom('ticket_types')
    .select('sold')
    .where('id', '=', typeId)
    .executeTakeFirstOrThrow();
  return Number(row.sold);
}

export async function countTickets(db: Db, typeId: string, statuses = ['valid', 'used']): Promise<number> {
  const row = await db
    .selectFrom('tickets')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ticket_type_id', '=', typeId)
    .where('status', 'in', statuses)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// Many real sessions fast: users and session rows written straight to their tables and the cookie signed the
// way better-auth signs it (HMAC-SHA256 with the app's secret), so every request is authenticated by
// better-auth itself. Signing up hundreds of people through argon2 would take minutes and test nothing here.
export async function sessionUsers(
  app: FastifyInstance,
  count: number,
): Promise<{ id: string; name: string; cookie: string }[]> {
  const secret = resolveAuthSecret(app.config);
  const now = new Date().toISOString();
  const expires = new Date(Date.now() + 86_400_000).toISOString();
  const tag = randomUUID().slice(0, 8);
  const users = Array.from({ length: count }, (_, i) => ({
    id: `u-${tag}-${i}`,
    name: `Persona ${i}`,
    token: randomBytes(24).toString('base64url'),
  }));
  for (let i = 0; i < users.length; i += 200) {
    const chunk = users.slice(i, i + 200);
    await app.db
      .insertInto('users')
      .values(
        chunk.map((u) => ({
          id: u.id,
          name: u.name,
          email: `${u.id}@example.com`,
          email_verified: false,
          image: null,
          username: null,
          display_username: null,
          first_name: null,
          last_name: null,
          phone_number: null,
          date_of_birth: null,
          gender: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    await app.db
      .insertInto('sessions')
      .values(
        chunk.map((u) => ({
          id: `s-${u.id}`,
          user_id: u.id,
          token: u.token,
          expires_at: expires,
          ip_address: null,
          user_agent: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
  return users.map((u) => {
    const signature = createHmac('sha256', secret).update(u.token).digest('base64');
    return {
      id: u.id,
      name: u.name,
      cookie: `nocturna.session_token=${encodeURIComponent(`${u.token}.${signature}`)}`,
    };
  });
}

// A paid card order for these tickets (one person's, of one type), as the payments feature leaves it when Stripe
// confirms the payment. An app without Stripe keys keeps a refund of them waiting in the queue (the refund job
// fails until the keys come back), so a test can count the refunds asked for while the queue's own loop runs.
export async function markPaidByCard(db: Db, ticketIds: string[]): Promise<void> {
  const ticket = await db
    .selectFrom('tickets')
    .innerJoin('events', 'events.id', 'tickets.event_id')
    .select([
      'tickets.order_id',
      'tickets.user_id',
      'tickets.ticket_type_id',
      'tickets.event_id',
      'events.club_id',
    ])
    .where('tickets.id', '=', ticketIds[0]!)
    .executeTakeFirstOrThrow();
  const id = ticket.order_id ?? randomUUID();
  const at = new Date(nowMs()).toISOString();
  await db
    .insertInto('payment_orders')
    .values({
      id,
      user_id: ticket.user_id,
      ticket_type_id: ticket.ticket_type_id!,
      event_id: ticket.event_id,
      club_id: ticket.club_id,
      quantity: ticketIds.length,
      unit_price_cents: 1500,
      fee_cents: 0,
      vat_percent: 21,
      total_cents: 1500 * ticketIds.length,
      refunded_cents: 0,
      currency: 'EUR',
      status: 'paid',
      refund_reason: null,
      promo_code: null,
      promoter_id: null,
      checkout_session_id: null,
      checkout_url: null,
      payment_intent: `pi_${ticketIds[0]}`,
      hold_expires_at: at,
      receipt_number: null,
      created_at: at,
      paid_at: at,
      updated_at: at,
    })
    .execute();
  await db
    .updateTable('tickets')
    .set({ payment_status: 'paid', order_id: id })
    .where('id', 'in', ticketIds)
    .execute();
}

// Child process of the payments benchmark: the real app (SQLite file or a PostgreSQL schema) on one port, with
// STRIPE_* pointing at the benchmark's Stripe stand-in. Driven by IPC: make buyers with sessions, put a new event
// on sale (online by card, or free for the baseline), run the hold-expiry jobs as if the holds had run out, and
// report where the orders stand.
import crypto from 'node:crypto';
import { buildApp } from '../apps/server/src/app.ts';
import { LISTEN_BACKLOG, loadConfig } from '../apps/server/src/config.ts';
import { insertClub, insertEvent } from '../apps/server/src/seed/catalogue-writer.ts';
import { userRow } from './user-rows.ts';

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  SEED_ON_START: 'false',
  HOST: '127.0.0.1',
});
const schema = process.env.BENCH_PG_SCHEMA;
if (config.database.kind === 'postgres' && schema) config.database.schema = schema;
const app = await buildApp(config, { logger: false });
await app.listen({ port: config.port, host: '127.0.0.1', backlog: LISTEN_BACKLOG });

type Message =
  | { type: 'users'; count: number }
  | { type: 'sale'; places: number; kind: 'online' | 'free' }
  | { type: 'expire' }
  | { type: 'state'; typeId: string }
  | { type: 'cpu' };

async function makeUsers(count: number) {
  const now = new Date().toISOString();
  const expires = new Date(Date.now() + 86_400_000).toISOString();
  const tag = crypto.randomUUID().slice(0, 8);
  const users = Array.from({ length: count }, (_, i) => ({
    id: `payer-${tag}-${i}`,
    token: crypto.randomBytes(24).toString('base64url'),
  }));
  for (let i = 0; i < users.length; i += 250) {
    const chunk = users.slice(i, i + 250);
    await app.db
      .insertInto('users')
      .values(chunk.map((u, j) => userRow(u.id, `Comprador ${i + j}`, now)))
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
    const signature = crypto.createHmac('sha256', config.authSecret!).update(u.token).digest('base64');
    return `nocturna.session_token=${encodeURIComponent(`${u.token}.${signature}`)}`;
  });
}

let sales = 0;
async function newSale(places: number, kind: 'online' | 'free') {
  const n = `${process.pid}-${sales++}`;
  const clubId = await insertClub(app.db, {
    slug: `pay-sala-${n}`,
    name: `Sala ${n}`,
    barrio: 'Centro',
    openingDays: ['FRI', 'SAT'],
  });
  const start = new Date(Date.now() + 3 * 86_400_000);
  const eventId = await insertEvent(
    app.db,
    {
      slug: `pay-noche-${n}`,
      clubId,
      name: `Preventa con tarjeta ${n}`,
      startAt: start,
      endAt: new Date(start.getTime() + 6 * 3_600_000),
      ticketTypes: [
        {
          name: 'General',
          priceCents: kind === 'free' ? 0 : 1500,
          capacity: places,
          perPersonLimit: 4,
          kind,
        },
      ],
    },
    `Sala ${n}`,
  );
  return `${eventId}-tt1`;
}

// Where a sale stands: places taken, tickets, and the card orders by status (with those paid and owed a refund).
async function state(typeId: string) {
  const type = await app.db
    .selectFrom('ticket_types')
    .select('sold')
    .where('id', '=', typeId)
    .executeTakeFirstOrThrow();
  const tickets = await app.db
    .selectFrom('tickets')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ticket_type_id', '=', typeId)
    .where('status', '=', 'valid')
    .executeTakeFirstOrThrow();
  const orders = await app.db
    .selectFrom('payment_orders')
    .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
    .where('ticket_type_id', '=', typeId)
    .groupBy('status')
    .execute();
  const refunds = await app.db
    .selectFrom('payment_refunds')
    .innerJoin('payment_orders', 'payment_orders.id', 'payment_refunds.order_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('payment_orders.ticket_type_id', '=', typeId)
    .executeTakeFirstOrThrow();
  return {
    sold: Number(type.sold),
    tickets: Number(tickets.n),
    orders: Object.fromEntries(orders.map((o) => [o.status, Number(o.n)])) as Record<string, number>,
    refunds: Number(refunds.n),
  };
}

process.on('message', (message: Message) => {
  const reply = (value: unknown) => process.send!({ type: message.type, value });
  if (message.type === 'users') void makeUsers(message.count).then(reply);
  if (message.type === 'sale') void newSale(message.places, message.kind).then(reply);
  // Every hold's minutes run out now (the expiry jobs run as at a time past them).
  if (message.type === 'expire')
    void app.jobs.runDue(new Date(Date.now() + (config.holdMinutes + 1) * 60_000)).then(reply);
  if (message.type === 'state') void state(message.typeId).then(reply);
  if (message.type === 'cpu') reply(process.cpuUsage());
});
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
process.send!({ type: 'ready', value: config.port });

// Paying online under a rush: 2,000 buyers with real sessions want 500 places sold by card, over HTTP,
// from one real server process whose Stripe is the local stand-in (apps/server/test/stripe-stand-in.ts), on
// SQLite and on PostgreSQL. Webhooks come with a random delay and 10 % of them twice.
//   1. all 2,000 ask at once: 500 get a hold and a Checkout Session, the rest "Agotado";
//   2. 60 % of the holders pay at once; 40 % pay too, but their webhooks are held back past the hold;
//   3. the holds run out (the expiry jobs run): the late payers' places go back on sale;
//   4. the 1,500 refused ask again at once and take the freed places; the late webhooks then arrive while the
//      new holders pay: the late payers find no place left and are refunded.
// 10 % of the buyers retry their buy during the rush with the same Idempotency-Key (one copy racing the first,
// one after its answer), as a phone on a bad connection does.
// Checked: exactly 500 paid tickets; no buyer charged twice (charges per buyer, from the stand-in's books), every
// retry answered with the same order; every payment without tickets refunded (once).
// Reported: settled time (first request to every order final and every refund made), p99 of the buyers'
// requests, and p99 of webhook → ticket (a webhook delivery that issues tickets: it answers once they are
// committed), against a baseline in the same run: the same 2,000 buyers at once for 500 free tickets.
// Run: npm run bench:payments   (BUYERS, PLACES, ENGINES=sqlite,postgres; PostgreSQL when BENCH_DATABASE_URL or
// TEST_DATABASE_URL is set)
import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../scripts/free-port.ts';
import {
  startStripeStandIn,
  type StandInEvent,
  type StripeStandIn,
} from '../apps/server/test/stripe-stand-in.ts';

const BUYERS = Number(process.env.BUYERS ?? 2000);
const PLACES = Number(process.env.PLACES ?? 500);
const LATE_SHARE = 0.4;
const DUPLICATES = 0.1;
const RETRY_SHARE = 0.1;
const MAX_DELAY_MS = 300;
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const ENGINES = (process.env.ENGINES ?? 'sqlite,postgres').split(',');
const SECRET = 'payments-bench-secret-0123456789abcdef0123456789';

type Server = {
  child: ChildProcess;
  port: number;
  ask: <T>(message: { type: string } & Record<string, unknown>) => Promise<T>;
};

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = fork(path.join(import.meta.dirname, 'payments-server.ts'), {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), AUTH_SECRET: SECRET, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pending = new Map<string, (value: unknown) => void>();
  child.on('message', (m: { type: string; value: unknown }) => pending.get(m.type)?.(m.value));
  const ask = <T>(message: { type: string }) =>
    new Promise<T>((resolve) => {
      pending.set(message.type, resolve as (v: unknown) => void);
      child.send(message);
    });
  await new Promise<void>((resolve, reject) => {
    pending.set('ready', () => resolve());
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { child, port, ask };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

type Answer = { status: number; body: string; startedAt: number; endedAt: number };

function buy(
  port: number,
  cookie: string,
  ticketTypeId: string,
  key: string = crypto.randomUUID(),
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify({ ticketTypeId, quantity: 1 });
    const startedAt = performance.now();
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/tickets',
        agent,
        headers: {
          cookie,
          origin: `http://127.0.0.1:${port}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          'idempotency-key': key,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            body: Buffer.concat(chunks).toString(),
            startedAt,
            endedAt: performance.now(),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const p99 = (answers: Answer[]) =>
  percentile(
    answers.map((a) => a.endedAt - a.startedAt).sort((a, b) => a - b),
    99,
  );
const delay = () => new Promise((r) => setTimeout(r, Math.random() * MAX_DELAY_MS));

type State = { sold: number; tickets: number; orders: Record<string, number>; refunds: number };

// Webhook → ticket: how long a delivery that issued tickets took (the endpoint answers once they are committed).
const toTicket: number[] = [];

// Delivers a webhook after a random delay, and 10 % of them a second time (also late).
function deliverLate(stripe: StripeStandIn, event: StandInEvent): Promise<unknown>[] {
  const once = () =>
    delay().then(async () => {
      const started = performance.now();
      const res = await stripe.deliver(event);
      if ((JSON.parse(res.body) as { outcome?: string }).outcome === 'fulfilled')
        toTicket.push(performance.now() - started);
    });
  return Math.random() < DUPLICATES ? [once(), once()] : [once()];
}

// A buyer's request, and for RETRY_SHARE of them the same request again with the same key: one copy racing it,
// one after its answer. Every copy must name the same order (or be refused alike).
type Bought = { answer: Answer; retries: Answer[] };
async function buyMaybeTwice(port: number, cookie: string, typeId: string): Promise<Bought> {
  const key = crypto.randomUUID();
  if (Math.random() >= RETRY_SHARE) return { answer: await buy(port, cookie, typeId, key), retries: [] };
  const [answer, racing] = await Promise.all([
    buy(port, cookie, typeId, key),
    buy(port, cookie, typeId, key),
  ]);
  const after = await buy(port, cookie, typeId, key);
  return { answer, retries: [racing, after] };
}

const orderOf = (a: Answer) =>
  a.status === 200 || a.status === 201
    ? (JSON.parse(a.body) as { checkout: { orderId: string } }).checkout.orderId
    : null;

async function cardRush(server: Server, stripe: StripeStandIn, cookies: string[]) {
  const typeId = await server.ask<string>({ type: 'sale', places: PLACES, kind: 'online' });
  const sessionOf = (a: Answer) => {
    const orderId = (JSON.parse(a.body) as { checkout: { orderId: string } }).checkout.orderId;
    return [...stripe.sessions.values()].find((s) => s.metadata.orderId === orderId)!;
  };
  stripe.setDelivery({ delayMs: () => Math.random() * MAX_DELAY_MS, duplicateRate: DUPLICATES });
  toTicket.length = 0;
  const t0 = performance.now();

  const phases: Record<string, number> = {};
  const mark = (name: string) => (phases[name] = Math.round(performance.now() - t0));
  // 1. Everyone at once (some retrying with the same key).
  const buyerOf = new Map<string, number>();
  let mismatchedRetries = 0;
  const note = (bought: Bought[], who: (i: number) => number) =>
    bought.forEach((b, i) => {
      const id = orderOf(b.answer);
      if (id) buyerOf.set(id, who(i));
      // A retry that got another order (or an order where the first got none, or the reverse) is a double hold.
      for (const r of b.retries) if (orderOf(r) !== id && !(id && r.status === 409)) mismatchedRetries++;
    });
  const firstBought = await Promise.all(cookies.map((c) => buyMaybeTwice(server.port, c, typeId)));
  note(firstBought, (i) => i);
  const first = firstBought.map((b) => b.answer);
  mark('first wave');
  const held = first.filter((a) => a.status === 201);
  const refusedIdx = first.flatMap((a, i) => (a.status === 409 ? [i] : []));
  const refused = refusedIdx.map((i) => cookies[i]!);
  // 2. The holders pay; the late share's webhooks wait.
  const lateCount = Math.round(held.length * LATE_SHARE);
  const late: StandInEvent[] = [];
  const onTime: Promise<unknown>[] = [];
  await Promise.all(
    held.map(async (a, i) => {
      const session = sessionOf(a);
      const paid = await stripe.pay(session.id, { deliver: false });
      if (i < lateCount) late.push(paid);
      else onTime.push(...deliverLate(stripe, paid));
    }),
  );
  await Promise.all(onTime);
  await stripe.settled();
  mark('paid');
  // 3. The holds run out.
  await server.ask({ type: 'expire' });
  mark('expired');
  // 4. The refused ask again and take the freed places; the late webhooks arrive while the new holders pay, so
  //    the late payers find no place and are refunded.
  const secondBought = await Promise.all(refused.map((c) => buyMaybeTwice(server.port, c, typeId)));
  note(secondBought, (i) => refusedIdx[i]!);
  const second = secondBought.map((b) => b.answer);
  mark('second wave');
  const lateDeliveries = late.flatMap((e) => deliverLate(stripe, e));
  const paidNow = await Promise.all(
    second.filter((a) => a.status === 201).map((a) => stripe.pay(sessionOf(a).id, { deliver: false })),
  );
  await Promise.all([...lateDeliveries, ...paidNow.flatMap((e) => deliverLate(stripe, e))]);
  await stripe.settled();
  mark('webhooks in');

  // Settled: no order pending or paid-without-tickets, every refund made.
  let state: State;
  const giveUpAt = Date.now() + 120_000;
  for (;;) {
    state = await server.ask<State>({ type: 'state', typeId });
    if ((!state.orders.pending && !state.orders.paid) || Date.now() > giveUpAt) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const settleMs = performance.now() - t0;
  mark('settled');
  const answers = [...first, ...second];
  const retries = [...firstBought, ...secondBought].flatMap((b) => b.retries);
  const bad = [...answers, ...retries].filter(
    (a) => a.status !== 200 && a.status !== 201 && a.status !== 409,
  );
  return {
    buyerOf,
    retries: retries.length,
    mismatchedRetries,
    toTicketP99: percentile(
      [...toTicket].sort((a, b) => a - b),
      99,
    ),
    toTicketCount: toTicket.length,
    typeId,
    state,
    settleMs,
    phases,
    p99: p99(answers),
    requests: answers.length,
    bad: bad.length,
    late: lateCount,
  };
}

async function freeRush(server: Server, cookies: string[]) {
  const typeId = await server.ask<string>({ type: 'sale', places: PLACES, kind: 'free' });
  const t0 = performance.now();
  const answers = await Promise.all(cookies.map((c) => buy(server.port, c, typeId)));
  const settleMs = performance.now() - t0;
  const state = await server.ask<State>({ type: 'state', typeId });
  return { settleMs, p99: p99(answers), tickets: state.tickets };
}

// Checks against the stand-in's own books: no buyer charged twice (each buyer wants one ticket, so two charges
// of one person is a double charge whatever order they belong to), one session per order, at most one refund per
// charge, every charge either behind a fulfilled order or refunded in full.
function audit(stripe: StripeStandIn, state: State, buyerOf: Map<string, number>) {
  const sessionsPerOrder = new Map<string, number>();
  for (const s of stripe.sessions.values())
    sessionsPerOrder.set(s.metadata.orderId!, (sessionsPerOrder.get(s.metadata.orderId!) ?? 0) + 1);
  const doubleSessions = [...sessionsPerOrder.values()].filter((n) => n > 1).length;
  const chargesPerBuyer = new Map<number, number>();
  for (const charge of stripe.charges.values()) {
    const orderId = stripe.sessions.get(charge.sessionId)!.metadata.orderId!;
    const buyer = buyerOf.get(orderId) ?? -1;
    chargesPerBuyer.set(buyer, (chargesPerBuyer.get(buyer) ?? 0) + 1);
  }
  const doubleCharged = [...chargesPerBuyer.values()].filter((n) => n > 1).length;
  const refundsPerCharge = new Map<string, number>();
  for (const r of stripe.refunds)
    refundsPerCharge.set(r.payment_intent, (refundsPerCharge.get(r.payment_intent) ?? 0) + 1);
  const doubleRefunds = [...refundsPerCharge.values()].filter((n) => n > 1).length;
  const charges = stripe.charges.size;
  const refunded = refundsPerCharge.size;
  const fullRefunds = stripe.refunds.filter(
    (r) => r.amount === stripe.charges.get(r.payment_intent)?.amount,
  ).length;
  return {
    charges,
    refunded,
    doubleCharges: doubleCharged,
    doubleSessions,
    unknownCharges: chargesPerBuyer.get(-1) ?? 0,
    doubleRefunds,
    everyLoserRefunded:
      charges - refunded === PLACES && fullRefunds === refunded && state.refunds === refunded,
  };
}

async function runEngine(label: string, env: Record<string, string>) {
  const stripe = await startStripeStandIn();
  const server = await startServer({
    ...env,
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_BASE: stripe.url,
  });
  stripe.setWebhookUrl(`http://127.0.0.1:${server.port}/api/payments/stripe/webhook`);
  try {
    const cookies = await server.ask<string[]>({ type: 'users', count: BUYERS });
    const warm = await server.ask<string[]>({ type: 'users', count: 200 });
    // Warm-up: both paths compiled and the connections open before anything is timed.
    await freeRush(server, warm);
    const baseline = await freeRush(server, cookies);
    const card = await cardRush(server, stripe, cookies);
    const books = audit(stripe, card.state, card.buyerOf);
    const ok =
      card.state.tickets === PLACES &&
      card.state.sold === PLACES &&
      card.state.orders.fulfilled === PLACES &&
      books.doubleCharges === 0 &&
      books.doubleSessions === 0 &&
      books.unknownCharges === 0 &&
      card.mismatchedRetries === 0 &&
      books.doubleRefunds === 0 &&
      books.everyLoserRefunded &&
      card.bad === 0 &&
      baseline.tickets === PLACES;
    if (!ok) process.exitCode = 1;
    console.log(
      `${label.padEnd(9)} ${ok ? 'OK' : 'WRONG'} · tickets ${card.state.tickets}/${PLACES} · orders ${JSON.stringify(card.state.orders)} · ` +
        `charges ${books.charges}, refunded ${books.refunded} (late payers ${card.late}) · buyers charged twice ${books.doubleCharges}, orders with 2 sessions ${books.doubleSessions}, double refunds ${books.doubleRefunds} · ` +
        `same-key retries ${card.retries} (answered with another order: ${card.mismatchedRetries}) · webhook → ticket p99 ${card.toTicketP99.toFixed(0)} ms over ${card.toTicketCount} · ` +
        `phases (ms from start) ${JSON.stringify(card.phases)} · settled ${card.settleMs.toFixed(0)} ms (baseline ${baseline.settleMs.toFixed(0)} ms) · p99 ${card.p99.toFixed(0)} ms over ${card.requests} requests (baseline ${baseline.p99.toFixed(0)} ms)`,
    );
    return {
      engine: label,
      'paid tickets': card.state.tickets,
      'double charges': books.doubleCharges,
      'same-key retries': card.retries,
      'webhook→ticket p99 ms': Math.round(card.toTicketP99),
      'payments refunded': books.refunded,
      'settled ms': Math.round(card.settleMs),
      'baseline settled ms': Math.round(baseline.settleMs),
      'settled ×baseline': +(card.settleMs / baseline.settleMs).toFixed(2),
      'p99 ms': Math.round(card.p99),
      'baseline p99 ms': Math.round(baseline.p99),
      'p99 ×baseline': +(card.p99 / baseline.p99).toFixed(2),
    };
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
    await stripe.close();
  }
}

console.log(
  `Paying online: ${BUYERS} buyers for ${PLACES} places by card, ${Math.round(LATE_SHARE * 100)} % of the first holders' webhooks late, ` +
    `webhooks delayed up to ${MAX_DELAY_MS} ms and ${DUPLICATES * 100} % duplicated; one server process (${os.cpus().length} CPUs)\n`,
);
const results = [];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nocturna-payments-bench-'));
try {
  if (ENGINES.includes('sqlite')) results.push(await runEngine('sqlite', { DATA_DIR: dataDir }));
  if (PG_URL && ENGINES.includes('postgres')) {
    const schema = `bench_payments_${process.pid}`;
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}`);
    try {
      results.push(
        await runEngine('postgres', { DATA_DIR: dataDir, DATABASE_URL: PG_URL, BENCH_PG_SCHEMA: schema }),
      );
    } finally {
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    }
  } else if (ENGINES.includes('postgres')) {
    console.log('PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL).');
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
  agent.destroy();
}
console.log(
  '\nBaseline: the same buyers at once for the same number of free tickets (no payment), same run.',
);
console.table(results);

// `npm run start:stripe` as a newcomer runs it: the script starts the Stripe stand-in and the server on a fresh
// SQLite folder, the seed gives the demo CEO's coming nights a card-paid type beside the door ones, and a card
// purchase goes through end to end: checkout, "Pagar" on the stand-in's page, the signed webhook, the tickets,
// the PDF receipt, and the order in the CEO's figures for that night.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  ClubWithEvents,
  EventOrdersSummary,
  EventTicketTypes,
  PaymentOrder,
  TicketTypeOffer,
} from '@nocturna/shared';
import { freePort } from '../../../../scripts/free-port.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');

describe('npm run start:stripe', () => {
  let child: ChildProcess;
  let dataDir: string;
  let base: string;
  let standIn: string;
  let exited: Promise<number | null>;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nocturna-start-stripe-'));
    const port = await freePort();
    const standInPort = await freePort();
    base = `http://127.0.0.1:${port}`;
    standIn = `http://127.0.0.1:${standInPort}`;
    child = spawn(process.execPath, [path.join(ROOT, 'scripts/start-stripe.ts')], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        STRIPE_STAND_IN_PORT: String(standInPort),
        DATA_DIR: dataDir,
        PUBLIC_URL: base,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        REDIS_URL: '',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    await vi.waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`start:stripe exited with ${child.exitCode}`);
        const res = await fetch(`${base}/api/health`);
        if (res.status !== 200) throw new Error(`health answered ${res.status}`);
      },
      { timeout: 120_000, interval: 250 },
    );
  }, 150_000);

  afterAll(async () => {
    if (child?.exitCode === null) child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  async function signIn(email: string): Promise<string> {
    const res = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email, password: 'nocturna' }),
    });
    expect(res.status).toBe(200);
    return res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  }

  const get = (url: string, cookie?: string) => fetch(`${base}${url}`, { headers: cookie ? { cookie } : {} });

  it('a second start whose stand-in port is taken exits with an error instead of starting a server', async () => {
    // The stand-in's port is taken by the running one: a second command says so and exits.
    const second = spawn(process.execPath, [path.join(ROOT, 'scripts/start-stripe.ts')], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(await freePort()), STRIPE_STAND_IN_PORT: new URL(standIn).port },
      stdio: 'ignore',
    });
    const code = await new Promise<number | null>((resolve) => second.once('exit', resolve));
    expect(code).not.toBe(0);
  }, 30_000);

  it('sells a seeded card-paid type by card: tickets, receipt, and the order in the CEO’s figures', async () => {
    const config = (await (await get('/api/payments/config')).json()) as { cardPayments: boolean };
    expect(config.cardPayments).toBe(true);

    // A coming night at Kápital with the card type, the door types still on sale beside it.
    const club = (await (await get('/api/clubs/kapital')).json()) as ClubWithEvents;
    let night: { id: string; types: TicketTypeOffer[] } | undefined;
    for (const item of club.upcomingEvents) {
      const offers = (await (await get(`/api/events/${item.id}/ticket-types`)).json()) as EventTicketTypes;
      if (offers.types.some((tt) => tt.kind === 'online' && tt.availability === 'on_sale')) {
        night = { id: item.id, types: offers.types };
        break;
      }
    }
    expect(night, 'a Kápital night sold by card').toBeDefined();
    const card = night!.types.find((tt) => tt.kind === 'online')!;
    expect(card.name).toBe('Entrada online');
    expect(night!.types.some((tt) => tt.kind === 'door' && tt.availability === 'on_sale')).toBe(true);

    const buyer = await signIn('user@demo.nocturna.es');
    const started = await fetch(`${base}/api/tickets`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: base,
        cookie: buyer,
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify({ ticketTypeId: card.id, quantity: 2 }),
    });
    expect(started.status).toBe(201);
    const { checkout } = (await started.json()) as { checkout: { orderId: string; url: string } };
    expect(checkout.url.startsWith(`${standIn}/pay/`)).toBe(true);

    // The stand-in's hosted page, and its "Pagar" button, as a browser would.
    const page = await fetch(checkout.url);
    expect(await page.text()).toContain('Pagar');
    const paid = await fetch(checkout.url, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toContain(`${base}/tickets/orders/`);

    // The signed webhook reaches the server and the order is fulfilled.
    await expect
      .poll(
        async () =>
          ((await (await get(`/api/payments/orders/${checkout.orderId}`, buyer)).json()) as PaymentOrder)
            .status,
        { timeout: 20_000 },
      )
      .toBe('fulfilled');
    const receipt = await get(`/api/payments/orders/${checkout.orderId}/receipt.pdf`, buyer);
    expect(receipt.status).toBe(200);
    expect(
      Buffer.from(await receipt.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // The demo CEO sees the card order in that night's figures.
    const ceo = await signIn('ceo@demo.nocturna.es');
    const summary = (await (
      await get(`/api/events/${night!.id}/orders-summary`, ceo)
    ).json()) as EventOrdersSummary;
    expect(summary.byStatus.find((s) => s.status === 'fulfilled')).toMatchObject({ orders: 1, tickets: 2 });
    expect(summary.charged.cents).toBe(2 * card.price.cents);
  }, 60_000);
});

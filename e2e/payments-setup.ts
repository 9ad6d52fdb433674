// What the card-payment journeys share: a server of their own started with STRIPE_* pointing at the Stripe
// stand-in, and the demo CEO's card type (a booking fee on the club, a new online type on a coming event).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { freePort } from '../scripts/free-port.ts';
import { startStripeStandIn, type StripeStandIn } from '../apps/server/test/stripe-stand-in.ts';
import { launch } from './browser.ts';
import { startServer, type ServerProcess } from './server-process.ts';

export type CardStack = {
  stripe: StripeStandIn;
  server: ServerProcess;
  baseURL: string;
  close(): Promise<void>;
};

export async function startCardStack(): Promise<CardStack> {
  const stripe = await startStripeStandIn();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nocturna-e2e-pay-'));
  const server = await startServer({
    port: await freePort(),
    dataDir,
    env: {
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_BASE: stripe.url,
    },
  });
  stripe.setWebhookUrl(`${server.baseURL}/api/payments/stripe/webhook`);
  origin = server.baseURL;
  return {
    stripe,
    server,
    baseURL: server.baseURL,
    async close() {
      await server.stop();
      await stripe.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// A journey file's card server and browser: started before its journeys, closed after them.
export function cardJourneyFile(): { browser: Browser; stripe: StripeStandIn; baseURL: string } {
  let browser: Browser | undefined;
  let stack: CardStack | undefined;
  beforeAll(async () => {
    stack = await startCardStack();
    browser = await launch();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });
  const started = () => {
    if (!stack || !browser) throw new Error('the card server has not started');
    return { stack, browser };
  };
  return {
    get browser() {
      return started().browser;
    },
    get stripe() {
      return started().stack.stripe;
    },
    get baseURL() {
      return started().stack.baseURL;
    },
  };
}

// The card server of this test file (each journey file loads its own copy of this module): the Origin of writes.
let origin = '';

export async function signIn(context: BrowserContext, email: string, password: string) {
  const res = await context.request.post('/api/auth/sign-in/email', {
    headers: { origin },
    data: { email, password },
  });
  expect(res.status(), await res.text()).toBe(200);
}

export async function signUp(context: BrowserContext, handle: string) {
  const res = await context.request.post('/api/auth/sign-up/email', {
    headers: { origin },
    data: {
      email: `${handle}@example.com`,
      password: 'Noche-de-Malasana-42',
      name: 'Lucía Tarjeta',
      firstName: 'Lucía',
      lastName: 'Tarjeta',
      username: handle.slice(0, 30),
      phoneNumber: '+34612345678',
      dateOfBirth: '1995-05-20',
      gender: 'female',
      acceptTerms: true,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

// As the demo CEO: a booking fee of 1,50 € on their club and a new online type on one of its coming events.
export async function setFee(context: BrowserContext, clubId: string, serviceFeeCents: number) {
  const billing = await context.request.put(`/api/clubs/${clubId}/billing`, {
    headers: { origin },
    data: { legalName: 'Noches de Madrid S.L.', nif: 'B87654321', vatPercent: 21, serviceFeeCents },
  });
  expect(billing.status(), await billing.text()).toBe(200);
}

export async function onlineType(context: BrowserContext, name: string, capacity = 30) {
  await signIn(context, 'ceo@demo.nocturna.es', 'nocturna');
  const events = (await (await context.request.get('/api/manage/events?when=upcoming')).json()) as {
    items: { id: string; slug: string; name: string; clubId: string; status: string; startAt: string }[];
  };
  // The first published event more than a day away whose club has room for the new type: the seeded nights and
  // other journeys' types fill some clubs' aforo, which the server refuses to exceed (400 on `capacity`).
  const candidates = events.items.filter(
    (e) => e.status === 'published' && new Date(e.startAt).getTime() > Date.now() + 86_400_000,
  );
  let event: (typeof candidates)[number] | undefined;
  let added: Awaited<ReturnType<typeof context.request.post>> | undefined;
  for (const candidate of candidates) {
    // Card types need the club's billing details first.
    await setFee(context, candidate.clubId, 150);
    added = await context.request.post(`/api/manage/events/${candidate.id}/ticket-types`, {
      headers: { origin },
      data: { name, priceCents: 1800, capacity, payment: 'online' },
    });
    if (added.status() === 400 && (await added.text()).includes('"field":"capacity"')) continue;
    event = candidate;
    break;
  }
  expect(added?.status(), await added?.text()).toBe(201);
  if (!event || !added) throw new Error('no upcoming event has room for the new ticket type');
  const types = (await added.json()) as { items: { id: string; name: string }[] };
  await context.clearCookies();
  return { ...event, typeId: types.items.find((t) => t.name === name)!.id };
}

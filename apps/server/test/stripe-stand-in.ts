// A local stand-in for Stripe, for the tests, the payment journey and the payments bench: a node:http server
// speaking the real API shape the official `stripe` package uses (form-encoded requests, Idempotency-Key,
// `{ error: { type, message } }` answers) for Checkout Sessions (create, retrieve, expire) and Refunds, plus a
// hosted checkout page a browser can pay on ("Pagar") or leave ("Volver"), and webhook delivery signed with the
// real `stripe.webhooks.generateTestHeaderString` — optionally late and duplicated, as Stripe may deliver them.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

type Json = Record<string, unknown>;

export type StandInSession = {
  id: string;
  object: 'checkout.session';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  mode: string;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  url: string;
  line_items: { name: string; quantity: number; unit_amount: number }[];
  // The language the hosted page is shown in ('auto' when not given, as Stripe does).
  locale: string;
  created: number;
};

export type StandInRefund = {
  id: string;
  object: 'refund';
  amount: number;
  payment_intent: string;
  status: 'succeeded';
  metadata: Record<string, string>;
};

export type StandInEvent = {
  id: string;
  object: 'event';
  type: string;
  created: number;
  data: { object: Json };
};

export type DeliveryOptions = {
  // Milliseconds before the webhook is sent (random per delivery when a function).
  delayMs?: number | (() => number);
  // Probability that the same event is delivered a second time (also late).
  duplicateRate?: number;
  // Keep every webhook until releaseHeld(): a test decides exactly when Stripe's answer lands.
  hold?: boolean;
};

export type StripeStandIn = {
  url: string;
  secretKey: string;
  webhookSecret: string;
  sessions: Map<string, StandInSession>;
  refunds: StandInRefund[];
  // Charges per payment intent (one per paid session): the tests count double charges with it.
  charges: Map<string, { sessionId: string; amount: number }>;
  setWebhookUrl(url: string): void;
  setDelivery(options: DeliveryOptions): void;
  // The next `times` requests to create a Checkout Session answer 500 (Stripe having a bad moment).
  failSessionCreates(times: number): void;
  // Pays a session as the checkout page does; returns the event (delivered unless `deliver: false`).
  pay(sessionId: string, options?: { deliver?: boolean }): Promise<StandInEvent>;
  // Sends an event to the webhook, signed (or with the signature given).
  deliver(event: StandInEvent, signature?: string): Promise<{ status: number; body: string }>;
  // Delivers the webhooks kept while `hold` was set (in the order they happened); resolves once they are made.
  releaseHeld(): Promise<void>;
  // Resolves when every scheduled webhook delivery has been made.
  settled(): Promise<void>;
  close(): Promise<void>;
};

const id = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString('hex')}`;

// `line_items[0][price_data][unit_amount]=1500` → { line_items: [{ price_data: { unit_amount: '1500' } }] }
export function parseForm(body: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/[[\]]+/).filter(Boolean);
    let node: Record<string, unknown> = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= /^\d+$/.test(path[i + 1]!) ? [] : {}) as Record<string, unknown>;
    });
  }
  return root;
}

function stripeError(res: http.ServerResponse, status: number, message: string, param?: string) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { type: 'invalid_request_error', message, ...(param ? { param } : {}) } }));
}

function send(res: http.ServerResponse, body: unknown) {
  res.writeHead(200, { 'content-type': 'application/json', 'request-id': id('req') });
  res.end(JSON.stringify(body));
}

const escape = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

function checkoutPage(session: StandInSession): string {
  const euros = (cents: number) => `${(cents / 100).toFixed(2).replace('.', ',')} €`;
  const lines = session.line_items
    .map((l) => `<li>${l.quantity} × ${escape(l.name)} — ${euros(l.unit_amount * l.quantity)}</li>`)
    .join('');
  const open = session.status === 'open';
  return `<!doctype html><html lang="${session.locale === 'en' ? 'en' : 'es'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Pago de prueba</title><style>body{font-family:sans-serif;max-width:420px;margin:40px auto;padding:0 16px}
button{font-size:18px;padding:12px 24px;background:#635bff;color:#fff;border:0;border-radius:8px}</style></head>
<body><h1>Pago de prueba</h1><ul>${lines}</ul><p>Total: <strong data-testid="total">${euros(session.amount_total)}</strong></p>
${
  open
    ? `<form method="post" action="/pay/${session.id}"><button type="submit">Pagar</button></form>
<p><a href="${escape(session.cancel_url)}">Volver</a></p>`
    : `<p>Esta sesión ya no se puede pagar (${session.status}).</p>`
}</body></html>`;
}

export async function startStripeStandIn(
  // `port`: a fixed port (npm run start:stripe's 12111); a free one by default.
  options: { webhookUrl?: string; delivery?: DeliveryOptions; port?: number } = {},
): Promise<StripeStandIn> {
  const secretKey = `sk_test_${crypto.randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${crypto.randomBytes(16).toString('hex')}`;
  const sessions = new Map<string, StandInSession>();
  const refunds: StandInRefund[] = [];
  const charges = new Map<string, { sessionId: string; amount: number }>();
  const idempotent = new Map<string, string>();
  const pending = new Set<Promise<unknown>>();
  let webhookUrl = options.webhookUrl ?? '';
  let delivery: DeliveryOptions = options.delivery ?? {};
  let failingCreates = 0;
  const held: StandInEvent[] = [];
  const stripe = new Stripe(secretKey);

  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const event = (type: string, object: Json): StandInEvent => ({
    id: id('evt'),
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });

  async function deliver(ev: StandInEvent, signature?: string) {
    const payload = JSON.stringify({ ...ev, api_version: Stripe.API_VERSION, livemode: false });
    const header = signature ?? stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await fetch(webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': header },
          body: payload,
        });
        const body = await res.text();
        // Like Stripe: a 5xx is retried (sooner here).
        if (res.status >= 500 && attempt < 5) {
          await new Promise((r) => setTimeout(r, 50 * (attempt + 1)));
          continue;
        }
        return { status: res.status, body };
      } catch (err) {
        if (attempt >= 5) throw err;
        await new Promise((r) => setTimeout(r, 50 * (attempt + 1)));
      }
    }
  }

  function schedule(ev: StandInEvent) {
    if (!webhookUrl) return;
    if (delivery.hold) {
      held.push(ev);
      return;
    }
    const delay = () =>
      typeof delivery.delayMs === 'function' ? delivery.delayMs() : (delivery.delayMs ?? 0);
    const once = () => {
      const p = new Promise((r) => setTimeout(r, delay())).then(() => deliver(ev));
      pending.add(p);
      void p.finally(() => pending.delete(p)).catch(() => undefined);
    };
    once();
    if (delivery.duplicateRate && Math.random() < delivery.duplicateRate) once();
  }

  async function pay(sessionId: string, opts: { deliver?: boolean } = {}) {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    if (session.status !== 'open') throw new Error(`session ${sessionId} is ${session.status}`);
    session.status = 'complete';
    session.payment_status = 'paid';
    session.payment_intent = id('pi');
    charges.set(session.payment_intent, { sessionId, amount: session.amount_total });
    const ev = event('checkout.session.completed', { ...session });
    if (opts.deliver !== false) schedule(ev);
    return ev;
  }

  function createSession(form: Json): StandInSession {
    const items = (form.line_items as Json[] | undefined) ?? [];
    const lineItems = items.map((item) => {
      const price = item.price_data as Json;
      return {
        name: String((price.product_data as Json).name),
        quantity: Number(item.quantity),
        unit_amount: Number(price.unit_amount),
      };
    });
    const sid = id('cs_test');
    return {
      id: sid,
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      mode: String(form.mode),
      amount_total: lineItems.reduce((sum, l) => sum + l.quantity * l.unit_amount, 0),
      currency: ((items[0]?.price_data as Json | undefined)?.currency as string | undefined) ?? 'eur',
      client_reference_id: (form.client_reference_id as string | undefined) ?? null,
      metadata: (form.metadata as Record<string, string> | undefined) ?? {},
      payment_intent: null,
      success_url: String(form.success_url),
      cancel_url: String(form.cancel_url),
      url: `${url}/pay/${sid}`,
      line_items: lineItems,
      locale: (form.locale as string | undefined) ?? 'auto',
      created: Math.floor(Date.now() / 1000),
    };
  }

  server.on('request', (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const path = new URL(req.url ?? '/', url).pathname;
        // The browser on the checkout page asks for an icon: there is none.
        if (path === '/favicon.ico') {
          res.writeHead(204);
          return res.end();
        }
        const page = /^\/pay\/([\w-]+)$/.exec(path);
        if (page) {
          const session = sessions.get(page[1]!);
          if (!session) return stripeError(res, 404, 'No such checkout session');
          if (req.method === 'GET') {
            res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
            return res.end(checkoutPage(session));
          }
          if (session.status === 'open') await pay(session.id);
          res.writeHead(303, { location: session.success_url });
          return res.end();
        }
        if (req.headers.authorization !== `Bearer ${secretKey}`)
          return stripeError(res, 401, 'Invalid API Key provided');
        const key = req.headers['idempotency-key'];
        const memo = typeof key === 'string' ? `${req.method} ${path} ${key}` : null;
        if (memo && idempotent.has(memo)) {
          res.writeHead(200, { 'content-type': 'application/json', 'idempotent-replayed': 'true' });
          return res.end(idempotent.get(memo));
        }
        const reply = (value: unknown) => {
          const text = JSON.stringify(value);
          if (memo) idempotent.set(memo, text);
          send(res, value);
        };
        const form = parseForm(body);
        if (req.method === 'POST' && path === '/v1/checkout/sessions') {
          if (failingCreates > 0) {
            failingCreates--;
            res.writeHead(500, { 'content-type': 'application/json' });
            return res.end(JSON.stringify({ error: { type: 'api_error', message: 'Something went wrong' } }));
          }
          if (!form.line_items || !form.success_url) return stripeError(res, 400, 'Missing line_items');
          const session = createSession(form);
          sessions.set(session.id, session);
          return reply(session);
        }
        const one = /^\/v1\/checkout\/sessions\/([\w-]+)(\/expire)?$/.exec(path);
        if (one) {
          const session = sessions.get(one[1]!);
          if (!session) return stripeError(res, 404, `No such checkout.session: '${one[1]}'`);
          if (req.method === 'GET' && !one[2]) return send(res, session);
          if (req.method === 'POST' && one[2]) {
            if (session.status !== 'open')
              return stripeError(res, 400, `Only Checkout Sessions with a status of open can be expired.`);
            session.status = 'expired';
            schedule(event('checkout.session.expired', { ...session }));
            return reply(session);
          }
        }
        if (req.method === 'POST' && path === '/v1/refunds') {
          const intent = (form.payment_intent as string | undefined) ?? '';
          const charge = charges.get(intent);
          if (!charge) return stripeError(res, 400, `No such payment_intent: '${intent}'`, 'payment_intent');
          const already = refunds
            .filter((r) => r.payment_intent === intent)
            .reduce((s, r) => s + r.amount, 0);
          const amount = form.amount ? Number(form.amount) : charge.amount - already;
          if (amount <= 0 || already + amount > charge.amount)
            return stripeError(
              res,
              400,
              'Refund amount is greater than unrefunded amount on charge',
              'amount',
            );
          const refund: StandInRefund = {
            id: id('re'),
            object: 'refund',
            amount,
            payment_intent: intent,
            status: 'succeeded',
            metadata: (form.metadata as Record<string, string> | undefined) ?? {},
          };
          refunds.push(refund);
          return reply(refund);
        }
        return stripeError(res, 404, `Unrecognized request URL (${req.method}: ${path})`);
      })();
    });
  });

  return {
    url,
    secretKey,
    webhookSecret,
    sessions,
    refunds,
    charges,
    setWebhookUrl: (value) => {
      webhookUrl = value;
    },
    setDelivery: (value) => {
      delivery = value;
    },
    releaseHeld: async () => {
      for (const ev of held.splice(0)) await deliver(ev);
    },
    failSessionCreates: (times) => {
      failingCreates = times;
    },
    pay,
    deliver,
    settled: async () => {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// `npm run start:stripe`: the app as `npm start` runs it, with card payments on against a local Stripe stand-in
// (apps/server/test/stripe-stand-in.ts: the real API shape, a hosted checkout page with "Pagar", and webhooks signed
// with the real `stripe` helper), so a newcomer can buy a ticket by card without a Stripe account. The stand-in
// listens on 127.0.0.1:STRIPE_STAND_IN_PORT (12111) and sends its webhooks to this server; the keys are made up
// for each run. On start with card payments on, the seed gives some coming nights a card-paid type.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { startStripeStandIn } from '../apps/server/test/stripe-stand-in.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.PORT ?? 3000);
const standInPort = Number(process.env.STRIPE_STAND_IN_PORT ?? 12111);
if (!Number.isInteger(standInPort) || standInPort <= 0 || standInPort > 65535) {
  console.error(`STRIPE_STAND_IN_PORT must be a port number, not "${process.env.STRIPE_STAND_IN_PORT}"`);
  process.exit(1);
}

const stripe = await startStripeStandIn({
  port: standInPort,
  webhookUrl: `http://127.0.0.1:${port}/api/payments/stripe/webhook`,
}).catch((err: unknown) => {
  console.error(
    `The Stripe stand-in could not listen on 127.0.0.1:${standInPort} (${err instanceof Error ? err.message : String(err)}); set STRIPE_STAND_IN_PORT to a free port`,
  );
  process.exit(1);
});
console.log(`  Stripe de pruebas (local) en ${stripe.url}: pagos con tarjeta sin cuenta de Stripe\n`);

const server = spawn(process.execPath, [path.join(ROOT, 'apps/server/src/main.ts')], {
  cwd: ROOT,
  env: {
    ...process.env,
    PORT: String(port),
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_BASE: stripe.url,
  },
  stdio: 'inherit',
});

// One signal stops both: the server drains (its own graceful shutdown), then the stand-in closes.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    if (server.exitCode === null) server.kill(signal);
  });
server.once('exit', (code) => {
  void stripe.close().then(() => process.exit(code ?? 0));
});

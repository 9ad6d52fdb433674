// Saving a ticket to a phone's wallet, at both sizes, on a server of its own configured with self-made Apple and
// Google Wallet credentials (apps/server/test/wallet-certs.ts): the open ticket offers "Añadir a Apple Wallet",
// which downloads a signed .pkpass, and "Guardar en Google Wallet", which leads to Google's save page (stood in for
// here: nothing outside is reachable). On the run's own server, with no wallet configured, neither is offered.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { VIEWPORTS, launch, newContext, snap, watchErrors, type ViewportName } from './browser.ts';
import { seriousViolations } from './axe.ts';
import { eventWithDoorOffer } from './door-offer.ts';
import { signUp } from './people-setup.ts';
import { startServer, type ServerProcess } from './server-process.ts';
import { freePort } from '../scripts/free-port.ts';
import {
  TEST_ISSUER_ID,
  TEST_SERVICE_ACCOUNT,
  appleWalletEnv,
  makeWalletCertificates,
  type WalletCertificates,
} from '../apps/server/test/wallet-certs.ts';

const runURL = inject('baseURL');
let browser: Browser;
let certs: WalletCertificates;
let server: ServerProcess;
let dataDir: string;

beforeAll(async () => {
  certs = makeWalletCertificates();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nocturna-e2e-wallet-'));
  server = await startServer({
    port: await freePort(),
    dataDir,
    env: {
      ...appleWalletEnv(certs),
      GOOGLE_WALLET_ISSUER_ID: TEST_ISSUER_ID,
      GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: TEST_SERVICE_ACCOUNT,
      GOOGLE_WALLET_PRIVATE_KEY: certs.files.googleKey,
    },
  });
  browser = await launch();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  certs?.cleanup();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

// A person with one ticket for a coming night of the Madrid dataset, its pass open on /tickets. The night is one
// at least two days ahead with a pay-at-the-door type on sale, whatever the hour the journey runs at (the first
// night listed may be tonight's, whose sales have closed).
async function openTicket(context: BrowserContext, baseURL: string): Promise<Page> {
  await signUp(context, baseURL, 'Alba', 'Cartera');
  const night = await eventWithDoorOffer(context, () => true);
  const got = await context.request.post('/api/tickets', {
    headers: { origin: baseURL, 'idempotency-key': `wallet-${Date.now()}-${Math.random()}` },
    data: { ticketTypeId: night.offer.id, quantity: 1 },
  });
  expect(got.status(), await got.text()).toBe(201);
  const page = await context.newPage();
  await page.goto('/tickets');
  await page
    // The list's button for it names its night (a substring of its accessible name).
    .getByRole('button', { name: night.name })
    .first()
    .click();
  await page.getByTestId('ticket-pass').getByTestId('ticket-qr').waitFor();
  return page;
}

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('saving a ticket to a wallet at %s', (viewport) => {
  it('downloads a signed Apple pass and leads to Google Wallet with the ticket', async () => {
    const context = await newContext(browser, viewport, server.baseURL);
    // Google's save page is not reachable here: the journey answers for it and reads the address it was sent to.
    await context.route('https://pay.google.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Google Wallet</title>' }),
    );
    const page = await openTicket(context, server.baseURL);
    const errors = watchErrors(page);
    const pass = page.getByTestId('ticket-pass');

    const apple = pass.getByRole('link', { name: 'Añadir a Apple Wallet' });
    const google = pass.getByRole('button', { name: 'Guardar en Google Wallet' });
    await apple.waitFor();
    await google.waitFor();
    await apple.scrollIntoViewIfNeeded();
    await snap(page, `wallet-${viewport}`);
    expect(await seriousViolations(page, 'document')).toEqual([]);

    const pkpass = await page.request.get((await apple.getAttribute('href'))!);
    expect(pkpass.status()).toBe(200);
    expect(pkpass.headers()['content-type']).toBe('application/vnd.apple.pkpass');
    // A zip archive (the pass, its manifest and the signature).
    expect((await pkpass.body()).subarray(0, 2).toString()).toBe('PK');

    await google.click();
    await page.waitForURL(/^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offers no wallet where the server has none configured', async () => {
    const context = await newContext(browser, viewport, runURL);
    const page = await openTicket(context, runURL);
    const pass = page.getByTestId('ticket-pass');
    // The calendar link is drawn with the wallet buttons' row: once it is there, they would be too.
    await pass.getByText('Añadir al calendario').waitFor();
    expect(await pass.getByRole('link', { name: 'Añadir a Apple Wallet' }).count()).toBe(0);
    expect(await pass.getByRole('button', { name: 'Guardar en Google Wallet' }).count()).toBe(0);
    await context.close();
  });
});

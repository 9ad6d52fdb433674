// Debian's Chromium driven by playwright-core (no browser download), plus screenshot helpers.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, inject } from 'vitest';
import {
  chromium,
  request,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.ts';
import { clockIsFaked } from '../apps/server/test/server-process.ts';
import type { DemoAccount } from './global-setup.ts';

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

export const ARTIFACTS = path.resolve(import.meta.dirname, 'artifacts');

// Under libfaketime (`npm run test:any-hour`) the journeys' process has the library preloaded with a faked clock.
// Chromium inherits it from that process and its processes then take all the CPU, so Chromium starts without it,
// and each context's pages read the journeys' instant from a Date shifted by the faked clock's offset from the real
// one (newContext). Playwright's own clock cannot do it: it measures the time since it was installed against the
// journeys' process clock, so a page came out on the real date.
const fakedClock = clockIsFaked();
let fakedOffsetMs: number | undefined;

// How far the journeys' faked clock is from the real one: `date` run without the library reads the real clock.
function fakedClockOffset(): number {
  if (fakedOffsetMs === undefined) {
    const real = spawnSync('date', ['+%s%3N'], { env: withoutFakedClock() }).stdout.toString().trim();
    fakedOffsetMs = Date.now() - Number(real);
  }
  return fakedOffsetMs;
}

function withoutFakedClock(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([name]) => name !== 'LD_PRELOAD' && !name.startsWith('FAKETIME')),
  );
}

// Chromium as the journeys start it; `extraArgs` for a browser with more switches (a fake camera).
export async function launch(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...extraArgs],
    ...(fakedClock ? { env: withoutFakedClock() } : {}),
  });
}

// Each browser context is one person on their own connection. The journeys' server trusts X-Forwarded-For
// (TRUST_PROXY, as behind a load balancer), so the per-address sign-up and sign-in limits count each person
// separately instead of the whole run as one address.
let clients = 0;
export function clientAddress(): string {
  clients += 1;
  return `10.${process.pid % 250}.${clients >> 8}.${clients & 255}`;
}

// A context that is signed in as a seeded account: it carries the session the run opened for it (global-setup.ts),
// like a person who signed in earlier on that browser. A journey that signs out takes its own (ownDemoSession).
export async function asDemo(context: BrowserContext, who: DemoAccount): Promise<BrowserContext> {
  await context.addCookies(inject('demoSessions')[who].cookies);
  return context;
}

// A session of its own for a seeded account, for a journey that signs out: signing out of the shared one would
// sign every later journey out with it.
export async function ownDemoSession(context: BrowserContext, who: DemoAccount, baseURL: string) {
  const res = await context.request.post('/api/auth/sign-in/email', {
    headers: { origin: baseURL },
    data: { email: `${who}@demo.nocturna.es`, password: 'nocturna' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return context;
}

// An API client signed in as a seeded account, for set-up a journey does not need to do through the screens.
export function demoRequest(baseURL: string, who: DemoAccount): Promise<APIRequestContext> {
  return request.newContext({
    baseURL,
    storageState: { cookies: inject('demoSessions')[who].cookies, origins: [] },
    extraHTTPHeaders: { origin: baseURL, 'X-Forwarded-For': clientAddress() },
  });
}

export async function newContext(
  browser: Browser,
  viewport: ViewportName,
  baseURL: string,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    ...options,
    baseURL,
    extraHTTPHeaders: { 'X-Forwarded-For': clientAddress() },
    viewport: VIEWPORTS[viewport],
    isMobile: viewport === 'phone',
    hasTouch: viewport === 'phone',
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
  });
  // The page's clock reads the journeys' (faked) now and runs on from there.
  if (fakedClock)
    await context.addInitScript((offset: number) => {
      const RealDate = Date;
      class ShiftedDate extends RealDate {
        constructor(...args: ConstructorParameters<DateConstructor> | []) {
          if (args.length === 0) super(RealDate.now() + offset);
          else super(...(args as ConstructorParameters<DateConstructor>));
        }
        static override now() {
          return RealDate.now() + offset;
        }
      }
      globalThis.Date = ShiftedDate as DateConstructor;
    }, fakedClockOffset());
  // Every Content-Security-Policy violation becomes a console error, which watchErrors fails the journey on.
  await context.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(
        `CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline code'} (${e.sourceFile}:${e.lineNumber})`,
      ),
    ),
  );
  return context;
}

// Fails the journey on any uncaught page error or console.error, as a person would see a broken page.
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    // An unknown address answers 404 and shows the not-found page, as designed: the browser logs the status of
    // the document itself, which is not a failure of the page.
    const documentStatus =
      msg.text().startsWith('Failed to load resource') && msg.location().url === page.url();
    // Socket.IO's answer to a long poll that carries a session the server has already closed (the tab signed
    // out or in, the server ended that engine session): 400 "Session ID unknown", after which the client opens a
    // new one by itself. The browser logs the status; the person sees nothing and the socket is live again.
    const closedSocketSession =
      msg.text().includes('status of 400') &&
      /\/socket\.io\/\?EIO=4&transport=polling.*&sid=/.test(msg.location().url);
    if (!documentStatus && !closedSocketSession)
      errors.push(`console.error: ${msg.text()} @ ${msg.location().url}`);
  });
  return errors;
}

export async function snap(page: Page, name: string): Promise<void> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: false });
}

// Opens a page and waits until it answers taps: a server-rendered page is visible before its script has
// hydrated it, and a click on a button before then does nothing (as for a person on a slow phone).
export async function gotoLive(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await hydrated(page);
}

// React has hydrated the page (<html data-hydrated>): from then on a link changes the page in the app and a button
// answers.
export async function hydrated(page: Page): Promise<void> {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

// Waits until the page is at rest: no request for half a second, and every transition or animation that has an
// end (a sidebar's width, a drawer sliding in) has reached it. Endless ones (a spinner) are not waited for.
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

// The JSON of an API call made for a journey's set-up, which must have succeeded (its body is the failure's message).
export async function ok<T>(
  response: Promise<{ status(): number; text(): Promise<string>; json(): Promise<unknown> }>,
): Promise<T> {
  const res = await response;
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as T;
}

// What the door journeys share (door, fair door, incidents): an event under way at Kápital written straight into
// the server's SQLite file (the demo programme has nothing under way at whatever hour the journey runs, and the
// editor has its own journey), the demo CEO signed in over the API, people signing up, a holder with a ticket
// whose QR the journey photographs as a door phone's camera would, and the door page's scan steps.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { type APIRequestContext, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { ARTIFACTS, demoRequest, newContext, snap, type ViewportName } from './browser.ts';
import { signUp } from './people-setup.ts';
import { openDatabase } from '../apps/server/src/db/connect.ts';
import { insertEvent, type NewEvent } from '../apps/server/src/seed/catalogue-writer.ts';

const HOUR = 3600_000;

export type DoorEvent = { id: string; name: string; clubId: string };

// Started an hour ago at Kápital (or starting in `startsInHours`), for seven hours.
export async function eventUnderWay(
  dataDir: string,
  name: string,
  ticketTypes: NewEvent['ticketTypes'],
  startsInHours = -1,
): Promise<DoorEvent> {
  const { db } = openDatabase({ kind: 'sqlite', file: path.join(dataDir, 'nocturna.db') });
  try {
    const club = await db
      .selectFrom('clubs')
      .select(['id', 'name'])
      .where('slug', '=', 'kapital')
      .executeTakeFirstOrThrow();
    const start = new Date(Date.now() + startsInHours * HOUR);
    const slug = `${name.toLowerCase().replace(/[^a-z]+/g, '-')}-${Date.now().toString(36)}`;
    const id = await insertEvent(
      db,
      {
        slug,
        clubId: club.id,
        name,
        startAt: start,
        endAt: new Date(start.getTime() + 7 * HOUR),
        ticketTypes,
      },
      club.name,
    );
    return { id, name, clubId: club.id };
  } finally {
    await db.destroy();
  }
}

// The demo CEO (runs Kápital), signed in for API calls.
export async function ceoRequest(baseURL: string): Promise<APIRequestContext> {
  return demoRequest(baseURL, 'ceo');
}

export { signUp } from './people-setup.ts';

export type Holder = { context: BrowserContext; name: string; ticketId: string; qrFile: string };

// A person gets a ticket of the event's first type, opens it on /tickets and the journey keeps a picture of its QR.
export async function holderWithTicket(
  browser: Browser,
  baseURL: string,
  eventId: string,
  viewport: ViewportName,
  label: string,
): Promise<Holder> {
  const context = await newContext(browser, viewport, baseURL);
  const holder = await signUp(context, baseURL, 'Marta', 'Ruiz');
  const got = await context.request.post('/api/tickets', {
    headers: { origin: baseURL, 'idempotency-key': `door-${label}-${Date.now()}` },
    data: { ticketTypeId: `${eventId}-tt1`, quantity: 1 },
  });
  expect(got.status(), await got.text()).toBe(201);
  const ticketId = ((await got.json()) as { tickets: { id: string }[] }).tickets[0]!.id;
  const page = await context.newPage();
  await page.goto(`/tickets?ticket=${encodeURIComponent(ticketId)}`);
  const qr = page.getByTestId('ticket-qr');
  await qr.waitFor();
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const qrFile = path.join(ARTIFACTS, `door-${label}-ticket-qr.png`);
  await qr.screenshot({ path: qrFile });
  await snap(page, `door-${label}-01-ticket`);
  await page.close();
  return { context, name: holder.name, ticketId, qrFile };
}

export async function ticketStatus(context: BrowserContext, ticketId: string): Promise<string> {
  const res = await context.request.get(`/api/tickets/${encodeURIComponent(ticketId)}`);
  return ((await res.json()) as { status: string }).status;
}

// "Subir imagen" with a photo of a QR, until the answer fills the screen.
export async function upload(page: Page, file: string) {
  await page.locator('input[type="file"]').setInputFiles(file);
  await page.getByTestId('scan-result').waitFor();
}

export async function nextScan(page: Page) {
  await page.getByRole('button', { name: 'Escanear siguiente' }).click();
  await page.getByTestId('scan-result').waitFor({ state: 'detached' });
}

// The CEO adds a person to Kápital's door staff.
export async function addDoorStaff(ceo: APIRequestContext, username: string) {
  const access = (await (await ceo.get('/api/door/access')).json()) as {
    clubs: { id: string; slug: string }[];
  };
  const kapital = access.clubs.find((c) => c.slug === 'kapital')!;
  const res = await ceo.post(`/api/clubs/${kapital.id}/staff`, { data: { login: username } });
  expect(res.status(), await res.text()).toBe(201);
}

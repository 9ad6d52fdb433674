// The CEO's two night rules at both viewports. An event is under way at Kápital (the demo CEO's club).
// In the event editor the CEO sets "Salidas y reentrada": a time of tonight (a missing time or one after closing
// is refused on the field), then no re-entry at all; the server keeps exactly what the screen says. On the club's
// incidents page the CEO bans someone from the ban list: finds them by their ticket for that event, gives a
// reason and a week; a second ban of the same person is refused on the person's field.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { madridWallClock } from '@nocturna/shared/madrid-time';
import { openDatabase } from '../apps/server/src/db/connect.ts';
import { insertEvent } from '../apps/server/src/seed/catalogue-writer.ts';
import {
  asDemo,
  gotoLive,
  launch,
  newContext,
  snap,
  type ViewportName,
  VIEWPORTS,
  watchErrors,
} from './browser.ts';
import { seriousViolations } from './axe.ts';

const baseURL = inject('baseURL');
const dataDir = inject('dataDir');
const HOUR = 3600_000;
const DAY = 24 * HOUR;

let browser: Browser;

async function eventUnderWay(viewport: ViewportName) {
  const { db } = openDatabase({ kind: 'sqlite', file: path.join(dataDir, 'nocturna.db') });
  try {
    const club = await db
      .selectFrom('clubs')
      .select(['id', 'name'])
      .where('slug', '=', 'kapital')
      .executeTakeFirstOrThrow();
    const name = `Noche de reglas ${viewport} ${Date.now().toString(36)}`;
    const start = new Date(Date.now() - HOUR);
    const id = await insertEvent(
      db,
      {
        slug: `noche-de-reglas-${viewport}-${Date.now().toString(36)}`,
        clubId: club.id,
        name,
        startAt: start,
        endAt: new Date(start.getTime() + 7 * HOUR),
        ticketTypes: [{ name: 'General', priceCents: 0, capacity: 300 }],
      },
      club.name,
    );
    return { id, name, clubId: club.id };
  } finally {
    await db.destroy();
  }
}

async function signInAsCeo(context: BrowserContext) {
  await asDemo(context, 'ceo');
}

async function holderWithTicket(context: BrowserContext, eventId: string, last: string) {
  const username = `lola_${Date.now().toString(36)}_${last.toLowerCase()}`;
  const name = `Lola ${last}`;
  const res = await context.request.post('/api/auth/sign-up/email', {
    headers: { origin: baseURL },
    data: {
      email: `${username}@example.com`,
      password: 'Noche-de-Lavapies-42',
      name,
      firstName: 'Lola',
      lastName: last,
      username,
      phoneNumber: '+34612345678',
      dateOfBirth: '1995-03-14',
      gender: 'prefer-not-to-say',
      acceptTerms: true,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const got = await context.request.post('/api/tickets', {
    headers: { origin: baseURL, 'idempotency-key': `rules-${username}` },
    data: { ticketTypeId: `${eventId}-tt1`, quantity: 1 },
  });
  expect(got.status(), await got.text()).toBe(201);
  return { name, username };
}

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('the CEO sets the night rules at %s', (viewport) => {
  it('sets the re-entry rule of an event under way: until a time of tonight, then none', async () => {
    const event = await eventUnderWay(viewport);
    const context = await newContext(browser, viewport, baseURL);
    await signInAsCeo(context);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const saved = async () => {
      const body = (await (await context.request.get(`/api/manage/events/${event.id}`)).json()) as {
        reentryPolicy: string;
        reentryUntil: string | null;
      };
      return { policy: body.reentryPolicy, until: body.reentryUntil };
    };

    await gotoLive(page, `/gestion/eventos/${event.id}`);
    await page.getByRole('heading', { name: event.name, level: 1 }).waitFor();
    const section = page.getByRole('region', { name: 'Salidas y reentrada' });
    const current = section.getByTestId('reentry-current');
    expect(await current.textContent()).toBe('Ahora: quien sale puede volver a entrar toda la noche.');

    // "Hasta una hora" needs a time, and one of tonight.
    await section.getByText('Hasta una hora').click();
    await section.getByRole('button', { name: 'Guardar regla de reentrada' }).click();
    await section
      .getByRole('alert')
      .getByText('Elige la hora hasta la que se puede volver a entrar.')
      .waitFor();
    const time = section.getByLabel('Última hora para volver a entrar');
    await time.fill(madridWallClock(new Date(Date.now() + 10 * HOUR)).time);
    await section.getByRole('button', { name: 'Guardar regla de reentrada' }).click();
    await section
      .getByRole('alert')
      .getByText(/Esa hora cae después del cierre/)
      .waitFor();
    expect(await saved()).toEqual({ policy: 'until', until: null });

    const until = new Date(Date.now() + 2 * HOUR);
    until.setSeconds(0, 0);
    const hhmm = madridWallClock(until).time;
    await time.fill(hhmm);
    expect(await section.getByRole('alert').count()).toBe(0);
    await section.scrollIntoViewIfNeeded();
    await snap(page, `ceo-rules-${viewport}-01-reentry-form`);
    await section.getByRole('button', { name: 'Guardar regla de reentrada' }).click();
    await page.getByText('Regla de reentrada guardada.', { exact: true }).first().waitFor();
    await expect
      .poll(() => current.textContent())
      .toBe(`Ahora: quien sale puede volver a entrar hasta las ${hhmm}.`);
    expect(await saved()).toEqual({ policy: 'until', until: until.toISOString() });
    expect(await seriousViolations(page)).toEqual([]);

    // No re-entry at all tonight.
    await section.getByText('Sin reentrada').click();
    expect(await time.count()).toBe(0);
    await section.getByRole('button', { name: 'Guardar regla de reentrada' }).click();
    await expect.poll(() => current.textContent()).toBe('Ahora: quien sale ya no puede volver a entrar.');
    expect(await saved()).toEqual({ policy: 'never', until: null });
    await section.scrollIntoViewIfNeeded();
    await snap(page, `ceo-rules-${viewport}-02-reentry-never`);
    // The door reads the same rule.
    const door = (await (await context.request.get('/api/door/events')).json()) as {
      items: { id: string; reentryPolicy?: string }[];
    };
    expect(door.items.find((e) => e.id === event.id)?.reentryPolicy).toBe('never');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('bans someone from the ban list, found by their ticket for the event, for a week', async () => {
    const event = await eventUnderWay(viewport);
    const holderContext = await newContext(browser, viewport, baseURL);
    const holder = await holderWithTicket(
      holderContext,
      event.id,
      viewport === 'phone' ? 'Movil' : 'Escritorio',
    );
    await holderContext.close();
    const context = await newContext(browser, viewport, baseURL);
    await signInAsCeo(context);
    const page = await context.newPage();
    const errors = watchErrors(page);

    await gotoLive(page, `/gestion/discotecas/${event.clubId}/incidentes`);
    await page.getByRole('heading', { name: 'Incidentes y vetos', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Vetar a alguien' }).click();
    const form = page.getByTestId('new-ban-form');
    await form.getByLabel('Evento al que vino (o viene)').selectOption(event.id);

    // Nothing chosen: each field says what it misses.
    await form.getByRole('button', { name: 'Vetar', exact: true }).click();
    await form.getByText('Busca y elige a la persona por su entrada.').waitFor();
    await form.getByText('Explica el motivo del veto (al menos 3 caracteres).').waitFor();
    await snap(page, `ceo-rules-${viewport}-03-ban-errors`);

    await form.getByLabel('Persona', { exact: true }).fill(holder.name);
    await form.getByRole('button', { name: `Elegir a ${holder.name} (General)` }).click();
    expect(await form.getByTestId('ban-chosen').textContent()).toContain(holder.name);
    await form.getByLabel('Motivo del veto (solo lo ve el personal)').fill('Robó un bolso en el guardarropa');
    await form.getByText('1 semana').click();
    // Fixing a field takes its error away.
    expect(await form.getByRole('alert').count()).toBe(0);
    await form.evaluate((el) => {
      el.scrollIntoView({ block: 'start' });
      window.scrollBy(0, -80);
    });
    await snap(page, `ceo-rules-${viewport}-04-ban-filled`);
    expect(await seriousViolations(page)).toEqual([]);
    const asked = Date.now();
    await form.getByRole('button', { name: 'Vetar', exact: true }).click();
    await page.getByText(`Veto guardado: ${holder.name} no podrá entrar en esta discoteca`).waitFor();
    await form.waitFor({ state: 'detached' });
    const item = page.getByTestId('ban-list').getByRole('listitem').filter({ hasText: holder.name });
    await item.getByText('Robó un bolso en el guardarropa').waitFor();
    await item.getByText(/^Hasta el /).waitFor();
    await item.scrollIntoViewIfNeeded();
    await snap(page, `ceo-rules-${viewport}-05-banned`);

    const bans = (await (await context.request.get(`/api/clubs/${event.clubId}/bans`)).json()) as {
      items: { username: string | null; reason: string; until: string | null }[];
    };
    const ban = bans.items.find((b) => b.username === holder.username);
    expect(ban?.reason).toBe('Robó un bolso en el guardarropa');
    const lasts = new Date(ban!.until!).getTime() - asked;
    expect(lasts).toBeGreaterThan(7 * DAY - 60_000);
    expect(lasts).toBeLessThan(7 * DAY + 60_000);

    // The same person again: the server's refusal lands on the person's field.
    await page.getByRole('button', { name: 'Vetar a alguien' }).click();
    await form.getByLabel('Evento al que vino (o viene)').selectOption(event.id);
    await form.getByLabel('Persona', { exact: true }).fill(holder.name);
    await form.getByRole('button', { name: `Elegir a ${holder.name} (General)` }).click();
    await form.getByLabel('Motivo del veto (solo lo ve el personal)').fill('Otra vez');
    await form.getByRole('button', { name: 'Vetar', exact: true }).click();
    const personError = form.locator('[id$="-person-error"]');
    await personError.getByText('Esta persona ya tiene un veto activo en esta discoteca.').waitFor();
    expect(await personError.getAttribute('role')).toBe('alert');
    await snap(page, `ceo-rules-${viewport}-06-already-banned`);
    // The browser logs the refused request itself (409); nothing else may go wrong.
    expect(errors.filter((e) => !/status of 409 .*\/bans$/.test(e))).toEqual([]);
    expect(errors).toHaveLength(1);
    await context.close();
  });
});

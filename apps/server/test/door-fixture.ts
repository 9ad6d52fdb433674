// Shared by the door-* tests: people with roles, clubs with owners and door staff set up through the real
// API, events placed relative to now, and tickets got through the tickets API.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Role } from '@nocturna/shared';
import { insertClub, insertEvent, type NewTicketType } from '../src/seed/catalogue-writer.ts';
import { now, nowMs } from '../src/clock.ts';
import { TEST_ORIGIN, signUp } from './auth-helpers.ts';
import { fakeClockEnv } from './server-process.ts';

export const HOUR = 3600_000;
export type Person = Awaited<ReturnType<typeof signUp>> & { name: string };
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function caller(app: FastifyInstance) {
  return (method: Method, url: string, cookie?: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: {
        origin: TEST_ORIGIN,
        ...(cookie ? { cookie } : {}),
        ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      payload: payload === undefined ? undefined : JSON.stringify(payload),
    });
}

export async function person(app: FastifyInstance, role?: Role): Promise<Person> {
  const p = { ...(await signUp(app)), name: '' };
  p.name = `${p.firstName} ${p.lastName}`;
  if (role)
    await app.db
      .insertInto('user_roles')
      .values({ user_id: p.id, role, granted_by: null, granted_at: now().toISOString() })
      .execute();
  return p;
}

let counter = 0;
export async function club(app: FastifyInstance): Promise<{ id: string; name: string }> {
  const n = `${process.pid}-${counter++}`;
  const name = `Sala Puerta ${n}`;
  const id = await insertClub(app.db, {
    slug: `sala-puerta-${n}`,
    name,
    barrio: 'Malasaña',
    openingDays: ['FRI', 'SAT'],
  });
  return { id, name };
}

export async function event(
  app: FastifyInstance,
  clubId: string,
  options: {
    startsInHours?: number;
    hours?: number;
    types?: NewTicketType[];
    status?: 'published' | 'cancelled';
  } = {},
): Promise<{ id: string; name: string; typeId: (position: number) => string }> {
  const n = `${process.pid}-${counter++}`;
  const start = new Date(nowMs() + (options.startsInHours ?? -1) * HOUR);
  const name = `Noche de puerta ${n}`;
  const id = await insertEvent(
    app.db,
    {
      slug: `noche-puerta-${n}`,
      clubId,
      name,
      startAt: start,
      endAt: new Date(start.getTime() + (options.hours ?? 6) * HOUR),
      status: options.status ?? 'published',
      ticketTypes: options.types ?? [
        { name: 'General', priceCents: 1500, capacity: 300 },
        { name: 'VIP', priceCents: 0, capacity: 20 },
      ],
    },
    'Sala',
  );
  return { id, name, typeId: (position: number) => `${id}-tt${position + 1}` };
}

export type IssuedTicket = { id: string; token: string; eventId: string; type: string };

// Through POST /api/tickets, as the holder.
export async function getTicket(
  app: FastifyInstance,
  holder: { cookie: string },
  ticketTypeId: string,
  quantity = 1,
): Promise<IssuedTicket[]> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/tickets',
    headers: { origin: TEST_ORIGIN, cookie: holder.cookie, 'idempotency-key': randomUUID() },
    payload: { ticketTypeId, quantity },
  });
  if (response.statusCode !== 201)
    throw new Error(`getting a ticket failed: ${response.statusCode} ${response.body}`);
  const body = response.json() as {
    tickets: { id: string; token: string | null; event: { id: string }; type: string }[];
  };
  return body.tickets.map((t) => ({ id: t.id, token: t.token!, eventId: t.event.id, type: t.type }));
}

// A club with an owner CEO (named by an admin through the admin API) and door staff (added by that CEO).
export async function staffedClub(app: FastifyInstance, admin: Person) {
  const call = caller(app);
  const where = await club(app);
  const ceo = await person(app, 'ceo');
  const door = await person(app);
  const owner = await call('POST', `/api/admin/clubs/${where.id}/owners`, admin.cookie, { login: ceo.email });
  if (owner.statusCode !== 201) throw new Error(`owner failed: ${owner.statusCode} ${owner.body}`);
  const added = await call('POST', `/api/clubs/${where.id}/staff`, ceo.cookie, { login: door.username });
  if (added.statusCode !== 201) throw new Error(`door staff failed: ${added.statusCode} ${added.body}`);
  return { club: where, ceo, door };
}

export const scan = (
  app: FastifyInstance,
  who: { cookie: string },
  eventId: string,
  body: Record<string, unknown>,
) =>
  caller(app)('POST', `/api/door/events/${eventId}/scans`, who.cookie, { door: 'Puerta principal', ...body });

// A second server process on the test app's database (see door-second-server.ts).
export async function secondServer(config: unknown): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(
    process.execPath,
    [path.join(import.meta.dirname, 'door-second-server.ts'), JSON.stringify(config)],
    // Under libfaketime its clock starts where this process's clock is, not at the run's first instant.
    { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...fakeClockEnv() } },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    // Ready when it prints its address, failed when it exits; the deadline only ends a hang (loading the app is a
    // few seconds of CPU, which a machine busy with other work can stretch past half a minute).
    const timer = setTimeout(() => reject(new Error('second server did not start')), 120_000);
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) {
        clearTimeout(timer);
        resolve(line.trim());
      }
    });
    child.once('exit', (code) => reject(new Error(`second server exited with ${code}`)));
  });
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

// A scan over real HTTP to a listening server.
export async function scanOver(
  url: string,
  who: { cookie: string },
  eventId: string,
  body: Record<string, unknown>,
): Promise<{ status: number; body: { outcome?: string } }> {
  const response = await fetch(`${url}/api/door/events/${eventId}/scans`, {
    method: 'POST',
    headers: { origin: TEST_ORIGIN, cookie: who.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ door: 'Puerta principal', ...body }),
  });
  return { status: response.status, body: (await response.json()) as { outcome?: string } };
}

// `npm run bench:analytics`: an event's and a club's analytics with 50,000 tickets and 30,000 check-ins over
// 200 events, on SQLite and (with BENCH_DATABASE_URL or TEST_DATABASE_URL) PostgreSQL. Each endpoint's p50/p99
// through the real app (app.inject: routing, session, scope check, the SQL, serialisation) is printed beside a
// plain `SELECT count(*) FROM tickets` timed in the same run, and as a ratio to it. Aim: p99 < 200 ms.
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { benchPgUrl, engineApp } from './engine-app.ts';
import { pct } from './bench-stats.ts';
import { insertClub, insertEvent } from '../apps/server/src/seed/catalogue-writer.ts';

const EVENTS = 200;
const CLUBS = 10;
const TICKETS = 50_000;
const PEOPLE = 5_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const BUSIEST = 5_000; // tickets of the busiest event, the one measured
const pgUrl = benchPgUrl;

type Row = { engine: string; what: string; p50: number; p99: number; ratio: number };

async function run(engine: 'sqlite' | 'postgres'): Promise<Row[]> {
  const { app, config, close } = await engineApp(engine, 'analytics');
  const origin = `http://localhost:${config.port}`;
  const signUp = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin },
    payload: {
      email: 'admin-bench@example.com',
      password: 'Banco-de-pruebas-2025',
      firstName: 'Banco',
      lastName: 'Pruebas',
      username: 'banco_admin',
      phoneNumber: '+34600000000',
      dateOfBirth: '1990-01-01',
      gender: 'other',
      acceptTerms: true,
    },
  });
  const adminId = signUp.json<{ user: { id: string } }>().user.id;
  const cookie = ([] as string[])
    .concat(signUp.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0])
    .join('; ');
  await app.db
    .insertInto('user_roles')
    .values({ user_id: adminId, role: 'admin', granted_by: null, granted_at: new Date().toISOString() })
    .execute();

  const loadStart = performance.now();
  const now = Date.now();
  const day = 86_400_000;
  const clubIds: string[] = [];
  for (let c = 0; c < CLUBS; c++)
    clubIds.push(
      await insertClub(app.db, {
        slug: `bench-club-${c}`,
        name: `Sala ${c}`,
        barrio: 'Centro',
        openingDays: ['FRI', 'SAT'],
        capacity: 6000,
      }),
    );
  const events: { id: string; start: number }[] = [];
  for (let e = 0; e < EVENTS; e++) {
    const start = now - (EVENTS - e) * day + 22 * 3600_000;
    const id = await insertEvent(
      app.db,
      {
        slug: `bench-event-${e}`,
        clubId: clubIds[e % CLUBS]!,
        name: `Noche ${e}`,
        startAt: new Date(start),
        endAt: new Date(start + 7 * 3600_000),
        genres: [['techno', 'house', 'reggaeton'][e % 3]!],
        ticketTypes: [
          { name: 'General', priceCents: 1500, capacity: 6000, codes: [{ code: `RPP${e}` }] },
          { name: 'VIP', priceCents: 4000, capacity: 1000 },
        ],
      },
      `Sala ${e % CLUBS}`,
    );
    events.push({ id, start });
  }
  const stamp = new Date().toISOString();
  for (let i = 0; i < PEOPLE; i += 1000)
    await app.db
      .insertInto('users')
      .values(
        Array.from({ length: Math.min(1000, PEOPLE - i) }, (_, k) => ({
          id: `u${i + k}`,
          name: `Persona ${i + k}`,
          email: `p${i + k}@example.com`,
          email_verified: true,
          date_of_birth: `${1980 + ((i + k) % 25)}-0${1 + ((i + k) % 9)}-15`,
          gender: ['female', 'male', 'other'][(i + k) % 3]!,
          created_at: stamp,
          updated_at: stamp,
        })),
      )
      .execute();
  // The busiest event (the last, the one measured) gets BUSIEST tickets; the rest share what is left.
  const ticketEvent = (n: number) => (n < BUSIEST ? EVENTS - 1 : n % (EVENTS - 1));
  await app.db.transaction().execute(async (trx) => {
    for (let i = 0; i < TICKETS; i += 1000) {
      const tickets = [];
      const entries = [];
      for (let n = i; n < Math.min(TICKETS, i + 1000); n++) {
        const ev = events[ticketEvent(n)]!;
        const vip = n % 7 === 0;
        const used = n % 5 < 3; // 60 % come in: 30,000 check-ins of the 50,000
        const id = `t${n}`;
        tickets.push({
          id,
          event_id: ev.id,
          user_id: `u${n % PEOPLE}`,
          ticket_type_id: `${ev.id}-tt${vip ? 2 : 1}`,
          type: vip ? 'VIP' : 'General',
          price_cents: vip ? 4000 : 1500,
          currency: 'EUR',
          status: used ? 'used' : n % 50 === 1 ? 'cancelled' : 'valid',
          qr_code: randomUUID(),
          created_at: new Date(ev.start - (n % 20) * day - (n % 24) * 3600_000).toISOString(),
          promo_code: n % 4 === 0 && !vip ? `RPP${ticketEvent(n)}` : null,
        });
        if (used)
          entries.push({
            id: `c${n}`,
            ticket_id: id,
            event_id: ev.id,
            staff_user_id: null,
            door: 'Puerta',
            client_id: null,
            scanned_at: new Date(ev.start + (n % 16) * 900_000).toISOString(),
            synced_at: stamp,
            offline: false,
            outcome: 'admitted' as const,
            method: 'qr' as const,
          });
      }
      await trx.insertInto('tickets').values(tickets).execute();
      await trx.insertInto('check_ins').values(entries).execute();
    }
  });
  if (engine === 'postgres') await sql`analyze`.execute(app.db);
  const checkIns = await app.db
    .selectFrom('check_ins')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const loadSeconds = (performance.now() - loadStart) / 1000;
  console.log(
    `${engine}: ${CLUBS} clubs, ${EVENTS} events, ${TICKETS} tickets, ${Number(checkIns.n)} check-ins loaded in ${loadSeconds.toFixed(1)} s`,
  );

  const busiest = events.at(-1)!.id;
  const club = clubIds[(EVENTS - 1) % CLUBS]!;
  const from = new Date(now - EVENTS * day).toISOString().slice(0, 10);
  const to = new Date(now + day).toISOString().slice(0, 10);
  const timed = async (fn: () => Promise<unknown>) => {
    const t0 = performance.now();
    await fn();
    return performance.now() - t0;
  };
  const get = (url: string) => async () => {
    const res = await app.inject({ method: 'GET', url, headers: { cookie } });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  };
  const targets = [
    ['baseline: SELECT count(*) FROM tickets', () => sql`select count(*) from tickets`.execute(app.db)],
    ['event analytics (busiest, 5,000 tickets)', get(`/api/analytics/events/${busiest}`)],
    ['club analytics (20 nights, 200 days)', get(`/api/analytics/clubs/${club}?from=${from}&to=${to}`)],
    ['event analytics CSV (types)', get(`/api/analytics/events/${busiest}/types.csv`)],
  ] as const;
  const samples = new Map<string, number[]>(targets.map(([name]) => [name, []]));
  for (const [, fn] of targets) for (let i = 0; i < 10; i++) await fn(); // warm-up
  // Interleaved, so a busy moment of the machine lands on every target alike.
  for (let i = 0; i < RUNS; i++) for (const [name, fn] of targets) samples.get(name)!.push(await timed(fn));
  const baseline = pct(samples.get(targets[0][0])!, 99);
  const rows = targets.map(([name]) => {
    const s = samples.get(name)!;
    return { engine, what: name, p50: pct(s, 50), p99: pct(s, 99), ratio: pct(s, 99) / baseline };
  });
  await close();
  return rows;
}

console.log(
  `Nocturna analytics benchmark · Node ${process.versions.node} · ${os.cpus().length} CPUs · ${RUNS} runs each\n`,
);
const rows = [...(await run('sqlite')), ...(pgUrl ? await run('postgres') : [])];
console.log('');
console.log('engine    what                                        p50 ms   p99 ms   p99 ÷ baseline p99');
for (const r of rows)
  console.log(
    `${r.engine.padEnd(9)} ${r.what.padEnd(43)} ${r.p50.toFixed(1).padStart(6)}   ${r.p99.toFixed(1).padStart(6)}   ${r.ratio.toFixed(1).padStart(6)}×`,
  );
const slow = rows.filter((r) => !r.what.startsWith('baseline') && r.p99 >= 200);
console.log(
  slow.length
    ? `\nOVER THE AIM (p99 < 200 ms): ${slow.map((r) => `${r.engine} ${r.what}`).join(', ')}`
    : '\nEvery endpoint under the aim (p99 < 200 ms).',
);
if (!pgUrl)
  console.log('PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to measure it too.');

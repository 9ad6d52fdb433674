// `npm run bench:promoters`: 100 promoters of one club and 20,000 tickets attributed to them (60 % checked in) over
// 40 nights, on SQLite and (with BENCH_DATABASE_URL or TEST_DATABASE_URL) PostgreSQL. Through the real app
// (app.inject: routing, session, role check, the SQL, serialisation): the busiest promoter's dashboard, her
// statement for a period (every one of her tickets) and for her busiest night, each p50/p99 beside a plain
// `SELECT count(*) FROM tickets` timed in the same run, and as a ratio to it. Aim: p99 < 200 ms. Then 200 people
// with sessions ask at once for a 50-place guest list: exactly 50 must get in.
import crypto from 'node:crypto';
import os from 'node:os';
import { sql } from 'kysely';
import { benchPgUrl, engineApp } from './engine-app.ts';
import { pct } from './bench-stats.ts';
import { insertClub, insertEvent } from '../apps/server/src/seed/catalogue-writer.ts';
import { userRow } from './user-rows.ts';

const PROMOTERS = 100;
const TICKETS = 20_000;
const BUSIEST = 4_000; // tickets of promoter 0, the one measured
const NIGHTS = 40;
const GUESTS = 200;
const CUPO = 50;
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const SECRET = 'promoters-bench-secret-0123456789abcdef01234';
const pgUrl = benchPgUrl;

type Row = { engine: string; what: string; p50: number; p99: number; ratio: number };

async function run(engine: 'sqlite' | 'postgres'): Promise<{ rows: Row[]; race: string }> {
  const { app, config, close } = await engineApp(engine, 'rpp', { AUTH_SECRET: SECRET });
  const db = app.db;
  const at = new Date().toISOString();
  const expires = new Date(Date.now() + 86_400_000).toISOString();
  // People with a session cookie signed the way better-auth signs it (no password hashing for thousands).
  const withSessions = async (ids: string[], role?: 'rpp') => {
    const cookies: string[] = [];
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      await db
        .insertInto('users')
        .values(chunk.map((id) => userRow(id, `Persona ${id}`, at)))
        .execute();
      const tokens = chunk.map(() => crypto.randomBytes(24).toString('base64url'));
      await db
        .insertInto('sessions')
        .values(
          chunk.map((id, k) => ({
            id: `s-${id}`,
            user_id: id,
            token: tokens[k]!,
            expires_at: expires,
            ip_address: null,
            user_agent: null,
            created_at: at,
            updated_at: at,
          })),
        )
        .execute();
      if (role)
        await db
          .insertInto('user_roles')
          .values(chunk.map((id) => ({ user_id: id, role, granted_by: null, granted_at: at })))
          .execute();
      for (const token of tokens) {
        const signature = crypto.createHmac('sha256', SECRET).update(token).digest('base64');
        cookies.push(`nocturna.session_token=${encodeURIComponent(`${token}.${signature}`)}`);
      }
    }
    return cookies;
  };

  const loadStart = performance.now();
  const now = Date.now();
  const day = 86_400_000;
  const clubId = await insertClub(db, {
    slug: 'bench-rpp-club',
    name: 'Sala RPP',
    barrio: 'Centro',
    openingDays: ['FRI', 'SAT'],
    capacity: 6000,
  });
  const nights: { id: string; start: number }[] = [];
  for (let e = 0; e < NIGHTS; e++) {
    // 35 nights gone by, 5 ahead; the last one is the list's night.
    const start = now + (e - 35) * day + 22 * 3600_000;
    const id = await insertEvent(
      db,
      {
        slug: `bench-rpp-night-${e}`,
        clubId,
        name: `Noche ${e}`,
        startAt: new Date(start),
        endAt: new Date(start + 7 * 3600_000),
        ticketTypes: [
          { name: 'General', priceCents: 1500, capacity: 10_000 },
          { name: 'Lista', priceCents: 0, capacity: 10_000 },
        ],
      },
      'Sala RPP',
    );
    nights.push({ id, start });
  }
  const promoterIds = Array.from({ length: PROMOTERS }, (_, i) => `rpp${i}`);
  const [busiestCookie] = await withSessions(promoterIds, 'rpp');
  await db
    .insertInto('club_promoters')
    .values(
      promoterIds.map((id, i) => ({
        club_id: clubId,
        user_id: id,
        code: `RPP${i}`,
        commission_kind: i % 2 ? ('percent' as const) : ('fixed' as const),
        commission_value: i % 2 ? 1000 : 200,
        added_by: null,
        created_at: at,
        removed_at: null,
      })),
    )
    .execute();
  await db
    .insertInto('club_partner_settings')
    .values({ club_id: clubId, promoter_ranking: true, dj_sales: false })
    .execute();
  const buyers = Array.from({ length: 2000 }, (_, i) => `b${i}`);
  for (let i = 0; i < buyers.length; i += 500)
    await db
      .insertInto('users')
      .values(buyers.slice(i, i + 500).map((id) => userRow(id, `Comprador ${id}`, at)))
      .execute();
  // Promoter 0 sold BUSIEST tickets; the others share the rest.
  const promoterOf = (n: number) => (n < BUSIEST ? 0 : 1 + (n % (PROMOTERS - 1)));
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < TICKETS; i += 1000) {
      const rows = [];
      for (let n = i; n < Math.min(TICKETS, i + 1000); n++) {
        const night = nights[n % (NIGHTS - 1)]!;
        const past = night.start < now;
        const used = past && n % 5 < 3;
        rows.push({
          id: `t${n}`,
          event_id: night.id,
          user_id: buyers[n % buyers.length]!,
          ticket_type_id: `${night.id}-tt1`,
          type: 'General',
          price_cents: 1500,
          currency: 'EUR',
          status: used ? 'used' : 'valid',
          check_in_at: used ? new Date(night.start + (n % 16) * 900_000).toISOString() : null,
          qr_code: crypto.randomUUID(),
          created_at: new Date(night.start - (n % 20) * day).toISOString(),
          holder_name: `Comprador ${n % buyers.length}`,
          promoter_id: promoterIds[promoterOf(n)]!,
        });
      }
      await trx.insertInto('tickets').values(rows).execute();
    }
  });
  if (engine === 'postgres') await sql`analyze`.execute(db);
  console.log(
    `${engine}: ${PROMOTERS} promoters, ${NIGHTS} nights, ${TICKETS} attributed tickets loaded in ${((performance.now() - loadStart) / 1000).toFixed(1)} s`,
  );

  const busiestNight = nights[0]!.id;
  const from = new Date(now - 40 * day).toISOString().slice(0, 10);
  const to = new Date(now + 10 * day).toISOString().slice(0, 10);
  const get = (url: string) => async () => {
    const res = await app.inject({ method: 'GET', url, headers: { cookie: busiestCookie! } });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  };
  const period = (
    await app.inject({
      method: 'GET',
      url: `/api/rpp/statement?from=${from}&to=${to}`,
      headers: { cookie: busiestCookie! },
    })
  ).json<{ lines: unknown[] }>();
  const targets = [
    ['baseline: SELECT count(*) FROM tickets', () => sql`select count(*) from tickets`.execute(db)],
    ['RPP dashboard (busiest promoter)', get('/api/rpp/dashboard')],
    [`statement, period (${period.lines.length} lines)`, get(`/api/rpp/statement?from=${from}&to=${to}`)],
    ['statement, one night', get(`/api/rpp/statement?eventId=${busiestNight}`)],
  ] as const;
  const samples = new Map<string, number[]>(targets.map(([name]) => [name, []]));
  const timed = async (fn: () => Promise<unknown>) => {
    const t0 = performance.now();
    await fn();
    return performance.now() - t0;
  };
  for (const [, fn] of targets) for (let i = 0; i < 10; i++) await fn(); // warm-up
  // Interleaved, so a busy moment of the machine lands on every target alike.
  for (let i = 0; i < RUNS; i++) for (const [name, fn] of targets) samples.get(name)!.push(await timed(fn));
  const baseline = pct(samples.get(targets[0][0])!, 99);
  const rows = targets.map(([name]) => {
    const s = samples.get(name)!;
    return { engine, what: name, p50: pct(s, 50), p99: pct(s, 99), ratio: pct(s, 99) / baseline };
  });

  // The race: a 50-place list on the next night, 200 people asking at the same moment.
  const listNight = nights.at(-1)!;
  const created = await app.inject({
    method: 'POST',
    url: `/api/rpp/events/${listNight.id}/lists`,
    headers: { cookie: busiestCookie!, origin: `http://localhost:${config.port}` },
    payload: {
      name: 'Carrera',
      ticketTypeId: `${listNight.id}-tt2`,
      capacity: CUPO,
      closesAt: new Date(listNight.start + 2 * 3600_000).toISOString(),
    },
  });
  if (created.statusCode !== 201) throw new Error(`list: ${created.statusCode} ${created.body}`);
  const token = created.json<{ signupToken: string }>().signupToken;
  const guestCookies = await withSessions(Array.from({ length: GUESTS }, (_, i) => `g${i}`));
  const raceStart = performance.now();
  const answers = await Promise.all(
    guestCookies.map((cookie) =>
      app.inject({
        method: 'POST',
        url: `/api/lists/${token}/join`,
        headers: { cookie, origin: `http://localhost:${config.port}` },
      }),
    ),
  );
  const raceMs = performance.now() - raceStart;
  const codes = new Map<number, number>();
  for (const a of answers) codes.set(a.statusCode, (codes.get(a.statusCode) ?? 0) + 1);
  const issued = await db
    .selectFrom('tickets')
    .innerJoin('guest_lists', 'guest_lists.id', 'tickets.guest_list_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('guest_lists.signup_token', '=', token)
    .executeTakeFirstOrThrow();
  const inList = codes.get(201) ?? 0;
  const race = `${engine}: ${GUESTS} guests for a ${CUPO}-place list in ${raceMs.toFixed(0)} ms → ${inList} in (201), ${codes.get(409) ?? 0} "Lista completa" (409), ${Number(issued.n)} tickets issued${inList === CUPO && Number(issued.n) === CUPO ? ' ✓ exactly 50' : ' ✗ NOT 50'}`;

  await close();
  return { rows, race };
}

console.log(
  `Nocturna promoters benchmark · Node ${process.versions.node} · ${os.cpus().length} CPUs · ${RUNS} runs each\n`,
);
const results = [await run('sqlite'), ...(pgUrl ? [await run('postgres')] : [])];
const rows = results.flatMap((r) => r.rows);
console.log('');
console.log('engine    what                                        p50 ms   p99 ms   p99 ÷ baseline p99');
for (const r of rows)
  console.log(
    `${r.engine.padEnd(9)} ${r.what.padEnd(43)} ${r.p50.toFixed(1).padStart(6)}   ${r.p99.toFixed(1).padStart(6)}   ${r.ratio.toFixed(1).padStart(6)}×`,
  );
console.log('');
for (const r of results) console.log(r.race);
const slow = rows.filter((r) => !r.what.startsWith('baseline') && r.p99 >= 200);
console.log(
  slow.length
    ? `\nOVER THE AIM (p99 < 200 ms): ${slow.map((r) => `${r.engine} ${r.what}`).join(', ')}`
    : '\nEvery endpoint under the aim (p99 < 200 ms).',
);
if (!pgUrl)
  console.log('PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to measure it too.');
if (results.some((r) => !r.race.includes('✓'))) process.exitCode = 1;

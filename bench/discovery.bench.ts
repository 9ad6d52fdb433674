// `npm run bench:discovery`: explore and "Novedades" on the Madrid dataset ×10 (160 clubs, its six weeks of
// events) with 30,000 tickets, half of them sold in the last 24 hours, and a person with 200 connections (half
// of them going out) and check-ins at 20 clubs. On SQLite and (with BENCH_DATABASE_URL or TEST_DATABASE_URL)
// PostgreSQL, through the real app (app.inject: routing, session, SQL, serialisation), signed in as that person.
// Each target's p50/p99 is printed beside GET /api/health and the plain event list (GET /api/events?when=hoy)
// timed in the same run, interleaved, and as ratios to both. Aim: explore tonight + genre + barrio
// p99 < 50 ms.
import os from 'node:os';
import { sql } from 'kysely';
import { benchPgUrl, engineApp } from './engine-app.ts';
import { pct } from './bench-stats.ts';
import { seedMadridIfEmpty, DEMO_PASSWORD } from '../apps/server/src/seed/madrid.ts';
import { loadScaledMadrid } from './scaled-madrid.ts';
import { FRIENDS, TICKETS, loadDiscoveryPeople } from './discovery-data.ts';

const FACTOR = 10;
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const AIM_MS = 50;
const pgUrl = benchPgUrl;

type Row = { engine: string; what: string; p50: number; p99: number; vsHealth: number; vsList: number };

async function run(engine: 'sqlite' | 'postgres'): Promise<Row[]> {
  const { app, config, close } = await engineApp(engine, 'discovery');
  const db = app.db;
  const loadStart = performance.now();
  const now = new Date();
  await seedMadridIfEmpty(db, now);
  await loadScaledMadrid(db, FACTOR - 1, now);

  const origin = `http://localhost:${config.port}`;
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin },
    payload: { email: 'user@demo.nocturna.es', password: DEMO_PASSWORD },
  });
  if (signIn.statusCode !== 200) throw new Error(`sign-in: ${signIn.statusCode} ${signIn.body}`);
  const me = signIn.json<{ user: { id: string } }>().user.id;
  const cookie = ([] as string[])
    .concat(signIn.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0])
    .join('; ');

  const events = await loadDiscoveryPeople(db, me, now);
  if (engine === 'postgres') await sql`analyze`.execute(db);
  console.log(
    `${engine}: ${16 * FACTOR} clubs, ${events.length} upcoming events, ${TICKETS} tickets, ${FRIENDS} connections loaded in ${((performance.now() - loadStart) / 1000).toFixed(1)} s`,
  );

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
    ['baseline: GET /api/health', get('/api/health')],
    ['baseline: event list, tonight', get('/api/events?when=hoy')],
    ['explore: tonight + genre + barrio', get('/api/explore?when=tonight&genre=techno&barrio=Malasa%C3%B1a')],
    ['explore: next 7 days, no filter', get('/api/explore')],
    ['explore: this weekend, near me', get('/api/explore?when=weekend&lat=40.4169&lng=-3.7035')],
    ['novedades: the feed', get('/api/whats-new')],
    ['novedades: unread count', get('/api/whats-new/unread-count')],
  ] as const;
  const samples = new Map<string, number[]>(targets.map(([name]) => [name, []]));
  for (const [, fn] of targets) for (let i = 0; i < 10; i++) await fn(); // warm-up
  // Interleaved, so a busy moment of the machine lands on every target alike.
  for (let i = 0; i < RUNS; i++) for (const [name, fn] of targets) samples.get(name)!.push(await timed(fn));
  const health = pct(samples.get(targets[0][0])!, 99);
  const list = pct(samples.get(targets[1][0])!, 99);
  const rows = targets.map(([name]) => {
    const s = samples.get(name)!;
    const p99 = pct(s, 99);
    return { engine, what: name, p50: pct(s, 50), p99, vsHealth: p99 / health, vsList: p99 / list };
  });
  await close();
  return rows;
}

console.log(
  `Nocturna discovery benchmark · Node ${process.versions.node} · ${os.cpus().length} CPUs · ${RUNS} runs each\n`,
);
const rows = [...(await run('sqlite')), ...(pgUrl ? await run('postgres') : [])];
console.log('');
console.log(
  'engine    what                                   p50 ms   p99 ms   ÷ health p99   ÷ event list p99',
);
for (const r of rows)
  console.log(
    `${r.engine.padEnd(9)} ${r.what.padEnd(38)} ${r.p50.toFixed(1).padStart(6)}   ${r.p99.toFixed(1).padStart(6)}   ${r.vsHealth.toFixed(1).padStart(10)}×   ${r.vsList.toFixed(1).padStart(14)}×`,
  );
const slow = rows.filter((r) => r.what.startsWith('explore: tonight') && r.p99 >= AIM_MS);
console.log(
  slow.length
    ? `\nOVER THE AIM (explore tonight + genre + barrio p99 < ${AIM_MS} ms): ${slow.map((r) => r.engine).join(', ')}`
    : `\nExplore tonight + genre + barrio under the aim (p99 < ${AIM_MS} ms).`,
);
if (!pgUrl)
  console.log('PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to measure it too.');

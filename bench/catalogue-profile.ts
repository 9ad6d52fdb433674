// `node bench/catalogue-profile.ts [sqlite|postgres]`: where a catalogue or search request's time goes, per request,
// without sockets: the real app answers each path N times through inject (no network, no load generator), and
// every SQL statement is counted and timed on its way to the driver (node:sqlite's StatementSync, pg's Client).
// Prints per path: statements per request, ms in SQL, ms in the whole request, and a bare Fastify route's ms for
// the same JSON. Run it under `node --cpu-prof` to see the rest of the request in a profile.
// Every request's URL carries a number of its own (`_=<n>`, a parameter the routes ignore), so the public answer
// cache never answers: this measures what computing an answer costs.
import { StatementSync } from 'node:sqlite';
import Fastify from 'fastify';
import pg from 'pg';
import { sql } from 'kysely';
import { engineApp } from './engine-app.ts';
import { loadScaledMadrid } from './scaled-madrid.ts';

const engine = (process.argv[2] ?? 'sqlite') as 'sqlite' | 'postgres';
const RUNS = Number(process.env.PROFILE_RUNS ?? 2000);

let statements = 0;
let sqlNs = 0n;
function timed<A extends unknown[], R>(fn: (...args: A) => R) {
  return function (this: unknown, ...args: A): R {
    statements++;
    const started = process.hrtime.bigint();
    const result = fn.apply(this, args);
    if (result instanceof Promise)
      return result.finally(() => (sqlNs += process.hrtime.bigint() - started)) as R;
    sqlNs += process.hrtime.bigint() - started;
    return result;
  };
}
StatementSync.prototype.all = timed(StatementSync.prototype.all) as typeof StatementSync.prototype.all;
StatementSync.prototype.get = timed(StatementSync.prototype.get) as typeof StatementSync.prototype.get;
// eslint-disable-next-line @typescript-eslint/no-misused-promises -- the same function, counted and timed
pg.Client.prototype.query = timed(pg.Client.prototype.query) as typeof pg.Client.prototype.query;

const { app, close } = await engineApp(engine, 'catalogue-profile');
await loadScaledMadrid(app.db, 50, new Date());
if (engine === 'postgres') await sql`analyze`.execute(app.db);

const list = await app.inject('/api/events?genre=techno&limit=20');
const picked = list.json<{ items: { slug: string; clubSlug: string }[] }>().items[10]!;
const paths = [
  '/api/events?genre=techno&limit=20',
  `/api/events/${picked.slug}`,
  `/api/clubs/${picked.clubSlug}`,
];
const bare = Fastify({ logger: false });
const bodies = new Map<string, string>();
for (const p of paths) bodies.set(p, (await app.inject(p)).body);
bare.get('/*', async (request) => JSON.parse(bodies.get(request.url) ?? '{}') as unknown);

console.log(`${engine}: ${RUNS} requests per path through inject`);
for (const p of paths) {
  const fresh = (i: number) => `${p}${p.includes('?') ? '&' : '?'}_=${i}`;
  for (let i = 0; i < 200; i++) await app.inject(fresh(-i - 1)); // warm-up
  statements = 0;
  sqlNs = 0n;
  let started = performance.now();
  for (let i = 0; i < RUNS; i++) await app.inject(fresh(i));
  const appMs = (performance.now() - started) / RUNS;
  const perRequest = statements / RUNS;
  const sqlMs = Number(sqlNs) / 1e6 / RUNS;
  for (let i = 0; i < 200; i++) await bare.inject(p);
  started = performance.now();
  for (let i = 0; i < RUNS; i++) await bare.inject(p);
  const bareMs = (performance.now() - started) / RUNS;
  console.log(
    `${p.padEnd(60)} ${perRequest.toFixed(1)} statements, SQL ${sqlMs.toFixed(3)} ms, app ${appMs.toFixed(3)} ms, bare ${bareMs.toFixed(3)} ms`,
  );
}
await bare.close();
await close();

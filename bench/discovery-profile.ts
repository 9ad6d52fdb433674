// `node bench/discovery-profile.ts`: which statements make explore and "Novedades" slow, on the discovery
// benchmark's data. Runs each request RUNS times through a Kysely that logs every statement with its duration,
// prints the statements by p99 and, on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL), EXPLAIN ANALYZE of
// the slowest ones. ENGINE=sqlite|postgres picks one engine (default: postgres when a URL is given).
import { DatabaseSync } from 'node:sqlite';
import { Kysely, PostgresDialect, sql, type LogEvent } from 'kysely';
import pg from 'pg';
import { exploreQuery } from '@nocturna/shared';
import type { Database } from '../apps/server/src/db/schema.ts';
import { nodeSqliteDialect } from '../apps/server/src/db/node-sqlite-dialect.ts';
import { prepareHotStatements } from '../apps/server/src/db/pg-prepared.ts';
import { seedMadridIfEmpty, DEMO_PASSWORD } from '../apps/server/src/seed/madrid.ts';
import { explore } from '../apps/server/src/features/explore/service.ts';
import { whatsNew } from '../apps/server/src/features/whats-new/service.ts';
import { loadScaledMadrid } from './scaled-madrid.ts';
import { loadDiscoveryPeople } from './discovery-data.ts';
import { benchPgUrl, engineApp } from './engine-app.ts';
import { pct } from './bench-stats.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const pgUrl = benchPgUrl;
const engine = (process.env.ENGINE ?? (pgUrl ? 'postgres' : 'sqlite')) as 'sqlite' | 'postgres';

const { app, config, close } = await engineApp(engine, 'profile-discovery');
const { database } = config;
const now = new Date();
await seedMadridIfEmpty(app.db, now);
await loadScaledMadrid(app.db, 9, now);
const signIn = await app.inject({
  method: 'POST',
  url: '/api/auth/sign-in/email',
  headers: { origin: `http://localhost:${config.port}` },
  payload: { email: 'user@demo.nocturna.es', password: DEMO_PASSWORD },
});
const me = signIn.json<{ user: { id: string } }>().user.id;
await loadDiscoveryPeople(app.db, me, now);
if (engine === 'postgres') await sql`analyze`.execute(app.db);

// The same database through a Kysely that records each statement and how long it took.
const timings = new Map<string, { ms: number[]; sql: string; parameters: readonly unknown[] }>();
const log = (event: LogEvent) => {
  const key = event.query.sql;
  const entry = timings.get(key) ?? { ms: [], sql: key, parameters: event.query.parameters };
  entry.ms.push(event.queryDurationMillis);
  timings.set(key, entry);
};
let pool: pg.Pool | undefined;
const db =
  engine === 'postgres'
    ? new Kysely<Database>({
        dialect: new PostgresDialect({
          pool: (pool = hotStatementsPrepared(
            new pg.Pool({
              connectionString: pgUrl,
              options: `-c search_path=${database.kind === 'postgres' ? database.schema : ''}`,
            }),
          )),
        }),
        log,
      })
    : new Kysely<Database>({
        dialect: nodeSqliteDialect(new DatabaseSync(database.kind === 'sqlite' ? database.file : '')),
        log,
      });

// As the app's pool does (db/connect.ts): statement texts sent often become named prepared statements, which
// PostgreSQL may run with a generic plan after a few executions.
function hotStatementsPrepared(created: pg.Pool) {
  prepareHotStatements(created);
  return created;
}

const requests = {
  'explore tonight + genre + barrio': () =>
    explore(db, me, exploreQuery.parse({ when: 'tonight', genre: 'techno', barrio: 'Malasaña' }), now),
  'explore next 7 days': () => explore(db, me, exploreQuery.parse({}), now),
  'novedades feed': () => whatsNew(db, me, now),
};
for (const [name, run] of Object.entries(requests)) {
  timings.clear();
  const whole: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await run();
    whole.push(performance.now() - t0);
  }
  const rows = [...timings.values()]
    .map((t) => {
      return { ...t, p50: pct(t.ms, 50), p99: pct(t.ms, 99) };
    })
    .sort((a, b) => b.p99 - a.p99);
  console.log(
    `\n== ${engine} · ${name} · ${rows.length} statements, ${RUNS} runs · whole p50 ${pct(whole, 50).toFixed(1)} ms, p99 ${pct(whole, 99).toFixed(1)} ms`,
  );
  for (const r of rows)
    console.log(
      `p50 ${r.p50.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms  ${r.sql.slice(0, 160)}`,
    );
  if (engine === 'postgres' && pool)
    for (const r of rows.slice(0, Number(process.env.EXPLAIN ?? 2))) {
      const plan = await pool.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers off) ${r.sql}`,
        r.parameters as unknown[],
      );
      console.log(`\n-- EXPLAIN ANALYZE (p99 ${r.p99.toFixed(1)} ms)\n${r.sql}\n`);
      for (const line of plan.rows) console.log(line['QUERY PLAN']);
    }
}

await db.destroy();
await close();

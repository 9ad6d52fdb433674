// Child process of the benchmark: the real app on the Madrid dataset ×50 (SQLite or PostgreSQL) and a bare Fastify app that
// answers the same JSON from memory. Kept apart from the load generator so they do not share a CPU thread.
import Fastify from 'fastify';
import { sql } from 'kysely';
import { engineApp } from './engine-app.ts';
import { loadScaledMadrid } from './scaled-madrid.ts';

export type BenchTargets = {
  realPort: number;
  barePort: number;
  listPath: string;
  detailPath: string;
  clubPath: string;
  dataset: { clubs: number; events: number; loadSeconds: number };
};

// argv: the engine ('sqlite', or 'postgres' on BENCH_DATABASE_URL or TEST_DATABASE_URL) and the scale.
const engine = (process.argv[2] ?? 'sqlite') as 'sqlite' | 'postgres';
const SCALE = Number(process.argv[3] ?? 50);
export const LIST_PATH = '/api/events?genre=techno&limit=20';

const { app, close } = await engineApp(engine, 'catalogue');
const started = performance.now();
const dataset = await loadScaledMadrid(app.db, SCALE, new Date());
const loadSeconds = (performance.now() - started) / 1000;
// PostgreSQL's autovacuum would soon analyze the new rows; the app never runs ANALYZE on SQLite.
if (engine === 'postgres') await sql`analyze`.execute(app.db);

await app.listen({ port: 0, host: '127.0.0.1' });
const list = await app.inject(LIST_PATH);
if (list.statusCode !== 200) throw new Error(`event list answered ${list.statusCode}: ${list.body}`);
const listBody: unknown = list.json();
const picked = (listBody as { items: { slug: string; clubSlug: string }[] }).items[10];
const slug = picked?.slug;
if (!slug) throw new Error('the scaled dataset has too few techno events');
const detailPath = `/api/events/${slug}`;
const detail = await app.inject(detailPath);
if (detail.statusCode !== 200) throw new Error(`event detail answered ${detail.statusCode}`);
const detailBody: unknown = detail.json();
const clubPath = `/api/clubs/${picked.clubSlug}`;
const club = await app.inject(clubPath);
if (club.statusCode !== 200) throw new Error(`club detail answered ${club.statusCode}`);
const clubBody: unknown = club.json();

// The baseline: Fastify with nothing but routes serialising the very same objects.
const bare = Fastify({ logger: false });
bare.get('/api/events', async () => listBody);
bare.get('/api/events/:eventId', async () => detailBody);
bare.get('/api/clubs/:clubId', async () => clubBody);
await bare.listen({ port: 0, host: '127.0.0.1' });

const portOf = (server: typeof bare.server) => (server.address() as { port: number }).port;
const targets: BenchTargets = {
  realPort: portOf(app.server),
  barePort: portOf(bare.server),
  listPath: LIST_PATH,
  detailPath,
  clubPath,
  dataset: { ...dataset, loadSeconds },
};
process.send!(targets);

process.on('disconnect', () => {
  void Promise.all([close(), bare.close()]).finally(() => process.exit(0));
});

// Child process of the benchmark: the real app on a ×50 Madrid SQLite file and a bare Fastify app that
// answers the same JSON from memory. Kept apart from the load generator so they do not share a CPU thread.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { loadScaledMadrid } from './scaled-madrid.ts';

export type BenchTargets = {
  realPort: number;
  barePort: number;
  listPath: string;
  detailPath: string;
  clubPath: string;
  dataset: { clubs: number; events: number; loadSeconds: number };
};

const SCALE = 50;
export const LIST_PATH = '/api/events?genre=techno&limit=20';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nocturna-bench-'));
const config = loadConfig({
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  SEED_ON_START: 'false',
  HOST: '127.0.0.1',
});
const app = await buildApp(config, { logger: false });

const started = performance.now();
const dataset = await loadScaledMadrid(app.db, SCALE, new Date());
const loadSeconds = (performance.now() - started) / 1000;

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
  void Promise.all([app.close(), bare.close()]).finally(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
});

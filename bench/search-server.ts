// Child process of the search benchmark, on the engine named by argv[2] ('sqlite', or 'postgres' with the URL
// in argv[3]): the real app with 100,000 people, 500 clubs (the 16 Madrid clubs and 484 more) and 20,000
// events of the Madrid programme generator with their ticket types, written in one transaction (SQLite's
// triggers fill the FTS5 tables, PostgreSQL keeps its GIN indexes); then the search indexes rebuilt (timed)
// and measured, plus a bare Fastify app answering the same JSON from memory.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import { sql } from 'kysely';
import { addDays } from 'date-fns';
import { BARRIOS, foldForSearch, nightStart } from '@nocturna/shared';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig, type Config } from '../apps/server/src/config.ts';
import { rebuildSearchIndexes, searchIndexBytes } from '../apps/server/src/db/search-index.ts';
import { insertClub, insertEvent } from '../apps/server/src/seed/catalogue-writer.ts';
import { MADRID_CLUBS, type ClubSeed } from '../apps/server/src/seed/madrid-clubs.ts';
import { buildMadridEvents } from '../apps/server/src/seed/madrid-events.ts';

export type SearchTargets = {
  engine: 'sqlite' | 'postgres';
  realPort: number;
  barePort: number;
  cookie: string;
  paths: { name: string; path: string; found: string }[];
  dataset: { people: number; clubs: number; events: number; ticketTypes: number; loadSeconds: number };
  index: { bytes: number; rebuildMs: number };
};

// argv[4] 'quick': a tenth of the data, for bench/guard.ts.
const QUICK = process.argv[4] === 'quick';
const PEOPLE = QUICK ? 10_000 : 100_000;
const CLUBS = QUICK ? 100 : 500;
const EVENTS = QUICK ? 2_000 : 20_000;
const FIRST =
  'Lucía María Marta Carmen Sofía Paula Laura Nerea Noelia Raquel Irene Elena Álvaro Diego Javier Pablo Mario Marcos Hugo Íñigo Sergio Jorge Adrián Rubén'.split(
    ' ',
  );
const LAST =
  'Martín García Pérez López Núñez Ortega Jiménez Sanz Gómez Ruiz Díaz Moreno Muñoz Alonso Romero Navarro Torres Domínguez Vázquez Ramos Gil Serrano Blanco Molina'.split(
    ' ',
  );
// Names for the clubs beyond Madrid's sixteen: 12 × 41 combinations, none close to a real club's.
const CLUB_KIND = 'Sala Club Teatro Terraza Bar Discoteca Espacio Casa Bodega Garaje Nave Azotea'.split(' ');
const CLUB_WORD =
  'Aurora Eclipse Mercurio Galaxia Nébula Píxel Oasis Vértigo Faro Índigo Marea Cobalto Brújula Ámbar Lince Zafiro Ciclón Delta Tango Olimpo Ébano Volcán Quimera Satélite Tundra Coral Jade Magma Ónix Prisma Sirena Trueno Umbral Vals Yunque Zenit Ciprés Duna Estepa Fénix Granate'.split(
    ' ',
  );

const [engine = 'sqlite', pgUrl] = process.argv.slice(2) as ['sqlite' | 'postgres', string | undefined];
const schema = `bench_search_${process.pid}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nocturna-bench-search-'));
const base = loadConfig({
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  SEED_ON_START: 'false',
  HOST: '127.0.0.1',
});
async function onPostgres(query: string) {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  await client.query(query);
  await client.end();
}
let config: Config = base;
if (engine === 'postgres') {
  await onPostgres(`DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}`);
  config = { ...base, database: { kind: 'postgres', url: pgUrl!, schema } };
}
const app = await buildApp(config, { logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });

const signUp = await app.inject({
  method: 'POST',
  url: '/api/auth/sign-up/email',
  headers: { origin: `http://localhost:${config.port}` },
  payload: {
    email: 'bench@example.com',
    password: 'Luna-llena-a-medianoche-88',
    firstName: 'Banco',
    lastName: 'Pruebas',
    username: 'banco',
    phoneNumber: '+34600000000',
    dateOfBirth: '1990-01-01',
    gender: 'other',
    acceptTerms: true,
  },
});
if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.body}`);
const cookie = ([] as string[])
  .concat(signUp.headers['set-cookie'] ?? [])
  .map((c) => c.split(';')[0])
  .join('; ');

const started = performance.now();
let ticketTypes = 0;
await app.db.transaction().execute(async (trx) => {
  const clubs: (ClubSeed & { id: string })[] = [];
  for (let i = 0; i < CLUBS; i++) {
    // The Madrid clubs, then copies of them under other names, sixteen to a barrio in turn.
    const seed = MADRID_CLUBS[i % MADRID_CLUBS.length]!;
    const club =
      i < MADRID_CLUBS.length
        ? seed
        : {
            ...seed,
            slug: `club-${i}`,
            name: `${CLUB_KIND[i % CLUB_KIND.length]} ${CLUB_WORD[i % CLUB_WORD.length]}`,
            barrio: BARRIOS[Math.floor(i / MADRID_CLUBS.length) % BARRIOS.length]!,
          };
    clubs.push({ ...club, id: await insertClub(trx, club) });
  }
  // Six-week programmes from six weeks ago onwards until there are EVENTS: a fifth already over. The windows are
  // counted in Madrid calendar nights from tonight's, not in 24-hour steps from this instant: across a change of
  // clock (or run just before the night's 06:00 start) steps of 42 × 24 h land on the same night twice, and its
  // events' slugs with them (UNIQUE constraint failed: events.slug).
  const tonight = nightStart(new Date());
  let written = 0;
  for (let window = -1; written < EVENTS; window++) {
    const from = new Date(addDays(tonight, window * 42).setHours(12));
    for (const { clubName, ...event } of buildMadridEvents(clubs, from).slice(0, EVENTS - written)) {
      await insertEvent(trx, event, clubName);
      ticketTypes += event.ticketTypes?.length ?? 0;
      written++;
    }
  }
  const stamp = new Date().toISOString();
  for (let i = 0; i < PEOPLE; i += 1000) {
    const batch = [];
    for (let j = i; j < Math.min(PEOPLE, i + 1000); j++) {
      const first = FIRST[j % FIRST.length]!;
      // 24 first names × 24 × 24 surnames: every combination about seven times.
      const k = Math.floor(j / FIRST.length);
      const last = `${LAST[k % LAST.length]} ${LAST[Math.floor(k / LAST.length) % LAST.length]}`;
      const name = `${first} ${last}`;
      const username = `${foldForSearch(first)}_${j}`;
      batch.push({
        id: `p${String(j).padStart(6, '0')}`,
        name,
        email: `${username}@example.com`,
        email_verified: true,
        username,
        display_username: username,
        first_name: first,
        last_name: last,
        // As auth-hooks.ts searchTextFor writes it.
        search_text: foldForSearch(`${name} ${username}`),
        created_at: stamp,
        updated_at: stamp,
      });
    }
    await trx.insertInto('users').values(batch).execute();
  }
});
const loadSeconds = (performance.now() - started) / 1000;

const rebuildStart = performance.now();
await rebuildSearchIndexes(app.db, app.dbKind);
const rebuildMs = performance.now() - rebuildStart;
const bytes = await searchIndexBytes(app.db, app.dbKind);
// PostgreSQL's autovacuum would soon analyze the new rows; the app never runs ANALYZE on SQLite.
if (app.dbKind === 'postgres') await sql`analyze`.execute(app.db);

const q = (text: string) => `/api/search?q=${encodeURIComponent(text)}&limit=5`;
const allPaths = [
  { name: 'people list (q=mar)', path: '/api/users/search?q=mar&limit=20' },
  { name: 'search "kapital"', path: q('kapital') },
  { name: 'search "techno sabado malasaña"', path: q('techno sabado malasaña') },
  { name: 'search "kapitl" (typo)', path: q('kapitl') },
  { name: 'search "lucia martin"', path: q('lucia martin') },
  { name: 'search "mar" (typing)', path: q('mar') },
];
// The quick mode asks the broadest query and a name.
const paths = QUICK ? allPaths.filter((p) => p.path === q('mar') || p.path === q('kapital')) : allPaths;
type Group = { items: unknown[]; more: boolean };
const count = (g: Group) => `${g.items.length}${g.more ? '+' : ''}`;
const bodies = new Map<string, unknown>();
const withFound = [];
for (const p of paths) {
  const res = await app.inject({ url: p.path, headers: { cookie } });
  if (res.statusCode !== 200) throw new Error(`${p.path} answered ${res.statusCode}: ${res.body}`);
  const body = res.json<Record<string, unknown>>();
  bodies.set(p.path, body);
  // What the answer holds, per group ('+' when there are more than shown): "5+ ev, 1 cl, 0 dj, 2 pe".
  const isGroup = (v: unknown): v is Group => typeof v === 'object' && v !== null && 'items' in v;
  const found =
    'nextCursor' in body
      ? `${count({ items: body.items as unknown[], more: body.nextCursor !== null })} pe`
      : Object.entries(body)
          .filter((entry): entry is [string, Group] => isGroup(entry[1]))
          .map(([key, group]) => `${count(group)} ${key.slice(0, 2)}`)
          .join(', ');
  withFound.push({ ...p, found });
}
// The baseline: Fastify serialising the very same objects, looked up by the whole URL.
const bare = Fastify({ logger: false });
bare.get('/*', async (request) => bodies.get(request.url) ?? {});
await bare.listen({ port: 0, host: '127.0.0.1' });

const targets: SearchTargets = {
  engine,
  realPort: (app.server.address() as { port: number }).port,
  barePort: (bare.server.address() as { port: number }).port,
  cookie,
  paths: withFound,
  dataset: { people: PEOPLE + 1, clubs: CLUBS, events: EVENTS, ticketTypes, loadSeconds },
  index: { bytes, rebuildMs },
};
process.send!(targets);

process.on('disconnect', () => {
  void Promise.all([app.close(), bare.close()])
    .then(() => (engine === 'postgres' ? onPostgres(`DROP SCHEMA IF EXISTS ${schema} CASCADE`) : undefined))
    .finally(() => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
});

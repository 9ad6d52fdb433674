// Child process of the people benchmark: the real app on SQLite with 20,000 people, each connected to 20
// others (200,000 connections), 60,000 tickets on the Madrid events and a few blocks, plus a bare Fastify app
// answering the same JSON from memory.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { foldForSearch } from '@nocturna/shared';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { pairKey } from '../apps/server/src/features/relations/index.ts';
import { loadScaledMadrid } from './scaled-madrid.ts';

export type PeopleTargets = {
  realPort: number;
  barePort: number;
  cookie: string;
  paths: { name: string; path: string }[];
  dataset: { people: number; connections: number; tickets: number; loadSeconds: number };
};

const PEOPLE = 20_000;
const FRIENDS_EACH_WAY = 10;
const TICKETS_EACH = 3;
const FIRST = [
  'Lucía',
  'Álvaro',
  'Marta',
  'Diego',
  'Carmen',
  'Raquel',
  'Javier',
  'Sofía',
  'Pablo',
  'Nerea',
  'Íñigo',
  'Noelia',
];
const LAST = [
  'Martín',
  'García',
  'Pérez',
  'López',
  'Núñez',
  'Ortega',
  'Jiménez',
  'Sanz',
  'Gómez',
  'Ruiz',
  'Díaz',
  'Moreno',
];

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nocturna-bench-people-'));
const config = loadConfig({
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  SEED_ON_START: 'false',
  HOST: '127.0.0.1',
});
const app = await buildApp(config, { logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
// The origin the app trusts without PUBLIC_URL (PORT left at its default).
const origin = `http://localhost:${config.port}`;

// The person the benchmark signs in as, through the real sign-up.
const signUp = await app.inject({
  method: 'POST',
  url: '/api/auth/sign-up/email',
  headers: { origin },
  payload: {
    email: 'bench@example.com',
    password: 'Banco-de-pruebas-2025',
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
const meId = signUp.json<{ user: { id: string } }>().user.id;
const cookie = ([] as string[])
  .concat(signUp.headers['set-cookie'] ?? [])
  .map((c) => c.split(';')[0])
  .join('; ');

const started = performance.now();
await loadScaledMadrid(app.db, 1, new Date());
const events = (
  await app.db.selectFrom('events').select('id').where('start_at', '>', new Date().toISOString()).execute()
).map((e) => e.id);
const ids: string[] = [];
const now = new Date().toISOString();
let connections = 0;
let tickets = 0;
await app.db.transaction().execute(async (trx) => {
  for (let i = 0; i < PEOPLE; i += 500) {
    const batch = [];
    for (let j = i; j < Math.min(PEOPLE, i + 500); j++) {
      const id = `p${String(j).padStart(6, '0')}`;
      ids.push(id);
      const name = `${FIRST[j % FIRST.length]} ${LAST[Math.floor(j / FIRST.length) % LAST.length]} ${j}`;
      const username = `persona_${j}`;
      batch.push({
        id,
        name,
        email: `${username}@example.com`,
        email_verified: true,
        image: null,
        username,
        display_username: username,
        first_name: name.split(' ')[0]!,
        last_name: name.split(' ').slice(1).join(' '),
        phone_number: null,
        date_of_birth: null,
        gender: null,
        search_text: foldForSearch(`${name} ${username}`),
        created_at: now,
        updated_at: now,
      });
    }
    await trx.insertInto('users').values(batch).execute();
  }
  // A ring where everyone knows the next ten: 20 connections each, friends of friends everywhere.
  const everyone = [meId, ...ids];
  for (let i = 0; i < everyone.length; i += 50) {
    const rows = [];
    for (let j = i; j < Math.min(everyone.length, i + 50); j++) {
      for (let k = 1; k <= FRIENDS_EACH_WAY; k++) {
        const a = everyone[j]!;
        const b = everyone[(j + k) % everyone.length]!;
        rows.push({
          id: `c-${j}-${k}`,
          pair_key: pairKey(a, b),
          requester_id: a,
          addressee_id: b,
          status: 'accepted' as const,
          created_at: now,
          accepted_at: now,
        });
      }
    }
    connections += rows.length;
    await trx.insertInto('connections').values(rows).execute();
  }
  for (let i = 0; i < everyone.length; i += 300) {
    const rows = [];
    for (let j = i; j < Math.min(everyone.length, i + 300); j++) {
      for (let k = 0; k < TICKETS_EACH; k++) {
        rows.push({
          id: `t-${j}-${k}`,
          event_id: events[(j * 7 + k * 13) % events.length]!,
          user_id: everyone[j]!,
          ticket_type_id: null,
          type: 'general',
          price_cents: 1500,
          currency: 'EUR',
          status: 'valid',
          check_in_at: null,
          qr_code: `q-${j}-${k}`,
          created_at: now,
        });
      }
    }
    tickets += rows.length;
    await trx.insertInto('tickets').values(rows).execute();
  }
  for (let j = 0; j < 50; j++)
    await trx
      .insertInto('user_blocks')
      .values({ blocker_id: ids[j * 97]!, blocked_id: meId, created_at: now })
      .execute();
});
const loadSeconds = (performance.now() - started) / 1000;

const paths = [
  { name: 'user search (q=nunez)', path: '/api/users/search?q=nunez&limit=20' },
  { name: 'suggestions', path: '/api/connections?tab=suggestions' },
  { name: 'connections list', path: '/api/connections?tab=connections&limit=20' },
  { name: 'connection counts', path: '/api/connections/counts' },
  { name: 'another profile', path: `/api/users/${ids[5]}/profile` },
];
const bodies = new Map<string, unknown>();
for (const { path: urlPath } of paths) {
  const res = await app.inject({ url: urlPath, headers: { cookie } });
  if (res.statusCode !== 200) throw new Error(`${urlPath} answered ${res.statusCode}: ${res.body}`);
  bodies.set(urlPath, res.json());
}
// The baseline: Fastify serialising the very same objects, looked up by the whole URL.
const bare = Fastify({ logger: false });
bare.get('/*', async (request) => bodies.get(request.url) ?? {});
await bare.listen({ port: 0, host: '127.0.0.1' });

const targets: PeopleTargets = {
  realPort: (app.server.address() as { port: number }).port,
  barePort: (bare.server.address() as { port: number }).port,
  cookie,
  paths,
  dataset: { people: PEOPLE + 1, connections, tickets, loadSeconds },
};
process.send!(targets);

process.on('disconnect', () => {
  void Promise.all([app.close(), bare.close()]).finally(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
});

// What the tests of one migration share: a fresh database migrated up to the migration before it, and the rows a
// club and its night had then. Rows are written through an untyped Kysely, since the schema types describe today's
// tables; the test then runs the rest of the migrations and reads what they made of them.
import { Migrator, type Kysely } from 'kysely';
import { openDatabase } from '../src/db/connect.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { createSchema, testConfig, type Dialect } from './test-app.ts';

export type OldDb = Kysely<Record<string, Record<string, unknown>>>;

export async function databaseAt(dialect: Dialect, migration: string) {
  const { config, cleanup } = testConfig(dialect);
  await createSchema(config);
  const { db } = openDatabase(config.database);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: config.database.kind === 'postgres' ? config.database.schema : undefined,
  });
  const reached = await migrator.migrateTo(migration);
  if (reached.error) throw new Error(`could not migrate to ${migration}`, { cause: reached.error });
  return { config, db, oldDb: db as unknown as OldDb, migrator, cleanup };
}

// The club 'c1' ("Sala"), as every table since the catalogue's first migrations holds it.
export async function insertOldClub(oldDb: OldDb, at: string) {
  await oldDb
    .insertInto('clubs')
    .values({
      ...{ id: 'c1', slug: 'c1', name: 'Sala', city: 'Madrid', barrio: 'Centro', description: '' },
      ...{ address: '', latitude: 40.4, longitude: -3.7, logo_url: '', cover_url: '' },
      ...{ opening_days: 'FRI', opening_hours: '', dress_code: '', minimum_age: 18, price_range: '' },
      ...{ capacity: 100, brand_color: '#000000', search_text: 'sala', created_at: at },
    })
    .execute();
}

// A published night of club 'c1'.
export async function insertOldEvent(
  oldDb: OldDb,
  event: { id: string; name: string; startAt: string; endAt: string; at: string },
) {
  await oldDb
    .insertInto('events')
    .values({
      ...{ id: event.id, slug: event.id, club_id: 'c1', name: event.name, city: 'Madrid', description: '' },
      ...{ cover_url: '', start_at: event.startAt, end_at: event.endAt, status: 'published' },
      ...{ gallery_privacy: 'attendees', minimum_age: 18, dress_code: '', search_text: event.id },
      created_at: event.at,
    })
    .execute();
}

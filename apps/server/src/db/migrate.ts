import { Migrator, sql, type MigrationProvider } from 'kysely';
import type { Db } from './connect.ts';
import { isPostgres } from './migrations/column-types.ts';
import { migrations } from './migrations/index.ts';

const provider: MigrationProvider = { getMigrations: async () => migrations };

// On PostgreSQL the migrator looks for its own tables in every schema unless told which one to use, so a
// second schema in the same database (one per test file, or a staging copy) would hide them from this one.
async function currentSchema(db: Db): Promise<string | undefined> {
  if (!isPostgres(db as never)) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

export async function migrateToLatest(db: Db): Promise<void> {
  const migrationTableSchema = await currentSchema(db);
  const { error, results } = await new Migrator({ db, provider, migrationTableSchema }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`La migración ${failed?.migrationName ?? ''} falló: ${String(error)}`);
  }
}

// Names of the migrations this build knows that the database has not applied (empty when it is up to date).
export async function pendingMigrations(db: Db): Promise<string[]> {
  const migrationTableSchema = await currentSchema(db);
  const known = await new Migrator({ db, provider, migrationTableSchema }).getMigrations();
  return known.filter((m) => !m.executedAt).map((m) => m.name);
}

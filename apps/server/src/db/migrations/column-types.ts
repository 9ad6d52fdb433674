// Column types that differ between the engines, decided once per migration run.
import { sql, type Kysely, type ColumnDataType, type Expression } from 'kysely';

export type MigrationDb = Kysely<unknown>;

// PostgreSQL keeps real timestamptz; SQLite stores ISO-8601 UTC text, which sorts the same way.
export function timestampType(db: MigrationDb): ColumnDataType | Expression<unknown> {
  return isPostgres(db) ? 'timestamptz' : 'text';
}

export function isPostgres(db: MigrationDb): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith('Postgres');
}

export const nowDefault = sql`CURRENT_TIMESTAMP`;

// Where pg_trgm lives. Extensions belong to the database, not to a schema's tables, so Nocturna installs it once
// in its own schema (or uses it where an operator already installed it) and names that schema in every index and
// query: a database shared by several schemas (the test suite makes one per file) keeps one copy.
import { sql, type Kysely } from 'kysely';

const EXTENSION_SCHEMA = 'nocturna_ext';

// pg_trgm word similarity (0–1) from which a term counts as a typo of a word: "bobeda" is 0.4 from "boveda".
export const WORD_SIMILARITY_THRESHOLD = 0.4;

async function installedSchema<DB>(db: Kysely<DB>): Promise<string | undefined> {
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  return rows[0]?.schema;
}

// Called by the migration, inside its transaction: a lock makes two servers (or test files) migrating at once
// install the extension once.
export async function ensureTrigramSchema(db: Kysely<unknown>): Promise<string> {
  await sql`select pg_advisory_xact_lock(hashtext('nocturna:pg_trgm'))`.execute(db);
  const existing = await installedSchema(db);
  if (existing) return existing;
  await sql`create schema if not exists ${sql.id(EXTENSION_SCHEMA)}`.execute(db);
  await sql`create extension if not exists pg_trgm with schema ${sql.id(EXTENSION_SCHEMA)}`.execute(db);
  return EXTENSION_SCHEMA;
}

// Read once when the server starts (after migrations).
export async function trigramSchema<DB>(db: Kysely<DB>): Promise<string> {
  const schema = await installedSchema(db);
  if (!schema) throw new Error('pg_trgm is not installed: run the migrations');
  return schema;
}

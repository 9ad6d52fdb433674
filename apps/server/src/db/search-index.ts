// Rebuilds the search indexes from the rows they mirror (migration 0013): SQLite's FTS5 tables ('rebuild'
// re-reads every source row), PostgreSQL's trigram GIN indexes (REINDEX). Used by `npm run search:rebuild`
// after a VACUUM or a restore, and by the search benchmark to time a rebuild.
import { sql, type Kysely } from 'kysely';
import { SEARCHABLE_TABLES } from './migrations/0013-search.ts';

export async function rebuildSearchIndexes<DB>(db: Kysely<DB>, kind: 'sqlite' | 'postgres'): Promise<void> {
  for (const table of SEARCHABLE_TABLES) {
    if (kind === 'postgres') await sql`reindex index ${sql.id(`${table}_search_trgm`)}`.execute(db);
    else
      await sql`insert into ${sql.table(`${table}_fts`)}(${sql.id(`${table}_fts`)}) values ('rebuild')`.execute(
        db,
      );
  }
}

// Bytes the indexes take on disk (SQLite: the FTS5 shadow tables; PostgreSQL: the GIN indexes).
export async function searchIndexBytes<DB>(db: Kysely<DB>, kind: 'sqlite' | 'postgres'): Promise<number> {
  if (kind === 'postgres') {
    const names = SEARCHABLE_TABLES.map((t) => `${t}_search_trgm`);
    const { rows } = await sql<{ bytes: string }>`
      select coalesce(sum(pg_relation_size(c.oid)), 0) as bytes from pg_class c
      where c.relname in (${sql.join(names)}) and c.relnamespace = current_schema()::regnamespace`.execute(
      db,
    );
    return Number(rows[0]?.bytes ?? 0);
  }
  const { rows } = await sql<{ bytes: number }>`
    select coalesce(sum(pgsize), 0) as bytes from dbstat where name like '%\\_fts\\_%' escape '\\'`.execute(
    db,
  );
  return Number(rows[0]?.bytes ?? 0);
}

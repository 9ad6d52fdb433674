import { sql, type Migration } from 'kysely';
import { foldForSearch } from '@nocturna/shared';
import { isPostgres, type MigrationDb } from './column-types.ts';
import { ensureTrigramSchema } from '../trigram-schema.ts';

// One search for everything: each searchable table's folded search_text gets the engine's own text
// index, kept in step by the database itself, whatever code path writes the row.
//
// SQLite      an FTS5 table per source with the trigram tokenizer over search_text (external content: the text
//             lives once, in the source row), and triggers that mirror every insert, update and delete.
//             `npm run search:rebuild` rebuilds them from the source rows (after a VACUUM, which may renumber
//             rowids, or a restore).
// PostgreSQL  pg_trgm's GIN index on search_text: it serves LIKE '%…%' and the word-similarity operator that
//             forgives typos. The extension lives in one schema for the whole database (see trigram-schema.ts).
// users_search_text_order  people in folded-name order, so a name prefix is a range read, not a sort.
// event_lineup.search_text  the DJ's name folded (written with the line-up), so DJs are searched like the rest.
export const SEARCHABLE_TABLES = ['clubs', 'events', 'users', 'event_lineup'] as const;

export const search: Migration = {
  async up(db: MigrationDb) {
    await db.schema
      .alterTable('event_lineup')
      .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    const lineup = await sql<{ dj_name: string }>`select distinct dj_name from event_lineup`.execute(db);
    for (const { dj_name } of lineup.rows) {
      await sql`update event_lineup set search_text = ${foldForSearch(dj_name)} where dj_name = ${dj_name}`.execute(
        db,
      );
    }
    // People in name order (the people list, and the box's names that start with what was typed).
    // PostgreSQL orders it in bytes ("C"), as SQLite does, so a prefix is a range read in index order.
    if (isPostgres(db))
      await sql`create index users_search_text_order on users (search_text collate "C", id)`.execute(db);
    else
      await db.schema
        .createIndex('users_search_text_order')
        .on('users')
        .columns(['search_text', 'id'])
        .execute();
    if (isPostgres(db)) {
      const schema = await ensureTrigramSchema(db);
      for (const table of SEARCHABLE_TABLES) {
        await sql`create index ${sql.id(`${table}_search_trgm`)} on ${sql.table(table)}
          using gin (search_text ${sql.raw(`"${schema}".gin_trgm_ops`)})`.execute(db);
      }
      return;
    }
    // One statement per call: the driver prepares a single statement at a time.
    for (const table of SEARCHABLE_TABLES) {
      const fts = `${table}_fts`;
      const statements = [
        `create virtual table ${fts} using fts5(search_text, content='${table}', content_rowid='rowid', tokenize='trigram')`,
        `create trigger ${fts}_ai after insert on ${table} begin
           insert into ${fts}(rowid, search_text) values (new.rowid, new.search_text);
         end`,
        `create trigger ${fts}_ad after delete on ${table} begin
           insert into ${fts}(${fts}, rowid, search_text) values ('delete', old.rowid, old.search_text);
         end`,
        `create trigger ${fts}_au after update of search_text on ${table} begin
           insert into ${fts}(${fts}, rowid, search_text) values ('delete', old.rowid, old.search_text);
           insert into ${fts}(rowid, search_text) values (new.rowid, new.search_text);
         end`,
        `insert into ${fts}(${fts}) values ('rebuild')`,
      ];
      for (const statement of statements) await sql.raw(statement).execute(db);
    }
  },
};

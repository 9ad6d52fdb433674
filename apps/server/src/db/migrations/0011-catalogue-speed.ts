import { sql, type Migration } from 'kysely';
import { isPostgres, type MigrationDb } from './column-types.ts';

// Every event and club summary shows its genres. Aggregating event_genres/club_genres per row was half of
// SQLite's time on the event list and one more query on every detail page, so each row carries its genres
// too: sorted, comma-separated (genres are slugs without commas). catalogue-writer writes both together;
// event_genres/club_genres stay the source for filtering by genre.
export const catalogueSpeed: Migration = {
  async up(db: MigrationDb) {
    await db.schema
      .alterTable('events')
      .addColumn('genre_list', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('clubs')
      .addColumn('genre_list', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    // Byte order, as JavaScript's sort() in catalogue-writer: a locale collation on PostgreSQL would differ.
    const byteOrder = isPostgres(db) ? sql.raw('collate "C"') : sql.raw('collate binary');
    await sql`update events set genre_list = coalesce((select string_agg(g.genre, ',' order by g.genre ${byteOrder}) from event_genres g where g.event_id = events.id), '')`.execute(
      db,
    );
    await sql`update clubs set genre_list = coalesce((select string_agg(g.genre, ',' order by g.genre ${byteOrder}) from club_genres g where g.club_id = clubs.id), '')`.execute(
      db,
    );
  },
};

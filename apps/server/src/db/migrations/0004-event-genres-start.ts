import { sql, type Migration } from 'kysely';
import { timestampType, type MigrationDb } from './column-types.ts';

// "Techno this week" is the busiest list. Walking events in start order and probing each one's genres
// reads every event of every other genre on the way; a copy of the start time next to the genre lets the
// list read exactly one page of (genre, start_at) index entries instead. catalogue-writer keeps the copy.
export const eventGenresStart: Migration = {
  async up(db: MigrationDb) {
    await db.schema.alterTable('event_genres').addColumn('start_at', timestampType(db)).execute();
    await sql`update event_genres set start_at = (select events.start_at from events where events.id = event_genres.event_id)`.execute(
      db,
    );
    await db.schema
      .createIndex('event_genres_genre_start_idx')
      .on('event_genres')
      .columns(['genre', 'start_at', 'event_id'])
      .execute();
  },
};

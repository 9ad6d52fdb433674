import type { Migration } from 'kysely';
import type { MigrationDb } from './column-types.ts';

// A club's page lists its published events in start order. (club_id, start_at) alone lacks the status, so
// the planner preferred walking every published event in start order; this index answers it directly.
export const eventsClubOrder: Migration = {
  async up(db: MigrationDb) {
    await db.schema
      .createIndex('events_club_published_order_idx')
      .on('events')
      .columns(['status', 'club_id', 'start_at', 'id'])
      .execute();
  },
};

// "Novedades" and explore's "tus amigos van": a person's friends' tickets are read friend by friend, newest
// window first; this index answers that read alone (user, purchase time, and the event and status it needs), on
// both engines, instead of a scan of every recent ticket.
import type { Kysely, Migration } from 'kysely';

export const wallDiscoveryGaps: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('tickets_user_created_idx')
      .on('tickets')
      .columns(['user_id', 'created_at', 'event_id', 'status'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('tickets_user_created_idx').execute();
  },
};

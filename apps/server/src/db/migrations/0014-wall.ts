import { sql, type Migration } from 'kysely';
import { timestampType, type MigrationDb } from './column-types.ts';

// The live event wall.
//
// snapshots.status         'pending' (waits for a moderator, pre-moderation), 'approved' or 'rejected'; `approved`
//                          (the spec's field) stays true exactly when status is 'approved'.
// snapshots.caption        up to 140 characters, optional.
// snapshots.media_id       the stored files' name: wall/<media_id>-<front|back>-<thumb|full>.webp (null for links).
// snapshots.hidden_reason  'reports' (3 different people reported it) or 'takedown' (someone asked for it to come
//                          down): hidden from the wall until a moderator decides.
// snapshots.report_count   reports counted in the same UPDATE that hides it, so concurrent reports cannot miss 3.
// wall_posters             one row per person and event: the 10-per-event and one-per-30-s limits, claimed by a
//                          conditional UPDATE, so two posts at once cannot both pass.
// wall_reactions           one row per (snapshot, person, reaction): the primary key makes it one of each.
// wall_reports             one row per (snapshot, reporter): three rows are three different people.
// wall_takedowns           GDPR requests from a person shown in the photo, for the moderators.
export const wall: Migration = {
  async up(db: MigrationDb) {
    const ts = timestampType(db);
    await db.schema
      .alterTable('snapshots')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('approved'))
      .execute();
    await db.schema.alterTable('snapshots').addColumn('caption', 'text').execute();
    await db.schema.alterTable('snapshots').addColumn('media_id', 'text').execute();
    await db.schema.alterTable('snapshots').addColumn('hidden_reason', 'text').execute();
    await db.schema
      .alterTable('snapshots')
      .addColumn('report_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`update snapshots set status = case when approved then 'approved' else 'pending' end`.execute(
      db,
    );
    await db.schema
      .createIndex('snapshots_event_wall_idx')
      .on('snapshots')
      .columns(['event_id', 'created_at', 'id'])
      .execute();

    await db.schema
      .createTable('wall_posters')
      .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('posted', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_posted_at', ts, (c) => c.notNull())
      .addPrimaryKeyConstraint('wall_posters_pk', ['event_id', 'user_id'])
      .execute();

    await db.schema
      .createTable('wall_reactions')
      .addColumn('snapshot_id', 'text', (c) => c.notNull().references('snapshots.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('reaction', 'text', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .addPrimaryKeyConstraint('wall_reactions_pk', ['snapshot_id', 'user_id', 'reaction'])
      .execute();

    await db.schema
      .createTable('wall_reports')
      .addColumn('snapshot_id', 'text', (c) => c.notNull().references('snapshots.id').onDelete('cascade'))
      .addColumn('reporter_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .addPrimaryKeyConstraint('wall_reports_pk', ['snapshot_id', 'reporter_id'])
      .execute();

    await db.schema
      .createTable('wall_takedowns')
      .addColumn('snapshot_id', 'text', (c) => c.notNull().references('snapshots.id').onDelete('cascade'))
      .addColumn('requester_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('note', 'text')
      .addColumn('created_at', ts, (c) => c.notNull())
      .addPrimaryKeyConstraint('wall_takedowns_pk', ['snapshot_id', 'requester_id'])
      .execute();
  },
};

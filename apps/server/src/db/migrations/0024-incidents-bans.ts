import { sql, type Migration } from 'kysely';
import { timestampType, type MigrationDb } from './column-types.ts';

// Incidents and the club's ban list.
//
// incidents          what door staff logged about a night: when, what kind, what happened, an optional photo
//                    (a storage key of an EXIF-stripped WebP). Read by the club's CEO and admins only.
// incident_tickets   the tickets of that event involved in an incident.
// club_bans          a person (the holder of a ticket) kept out of one club until a date (or for good, until
//                    null). A ban is active while lifted_at is null and until is null or later than now. The
//                    partial unique index keeps one unlifted ban per person and club, so two people banning the
//                    same person at once make one ban.
export const incidentsBans: Migration = {
  async up(db: MigrationDb) {
    const ts = timestampType(db);
    await db.schema
      .createTable('incidents')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('club_id', 'text', (c) => c.notNull().references('clubs.id').onDelete('cascade'))
      .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
      .addColumn('reported_by', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('occurred_at', ts, (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('photo_key', 'text')
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('incidents_club_idx')
      .on('incidents')
      .columns(['club_id', 'occurred_at', 'id'])
      .execute();
    await db.schema.createIndex('incidents_event_idx').on('incidents').columns(['event_id']).execute();
    await db.schema
      .createTable('incident_tickets')
      .addColumn('incident_id', 'text', (c) => c.notNull().references('incidents.id').onDelete('cascade'))
      .addColumn('ticket_id', 'text', (c) => c.notNull().references('tickets.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('incident_tickets_pk', ['incident_id', 'ticket_id'])
      .execute();
    await db.schema
      .createTable('club_bans')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('club_id', 'text', (c) => c.notNull().references('clubs.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('ticket_id', 'text', (c) => c.references('tickets.id').onDelete('set null'))
      .addColumn('incident_id', 'text', (c) => c.references('incidents.id').onDelete('set null'))
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('until', ts)
      .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('lifted_at', ts)
      .addColumn('lifted_by', 'text', (c) => c.references('users.id').onDelete('set null'))
      .execute();
    await db.schema
      .createIndex('club_bans_one_open_idx')
      .on('club_bans')
      .columns(['club_id', 'user_id'])
      .unique()
      .where(sql.ref('lifted_at'), 'is', null)
      .execute();
    await db.schema
      .createIndex('club_bans_club_idx')
      .on('club_bans')
      .columns(['club_id', 'created_at'])
      .execute();
  },
};

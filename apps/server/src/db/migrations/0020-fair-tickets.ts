import type { Migration } from 'kysely';
import { timestampType, type MigrationDb } from './column-types.ts';

// Fair tickets.
//
// ticket_waitlist   one row per (person, ticket type): people waiting for a sold-out type, in the order they joined.
//                   A freed place is offered to the first `waiting` row (status → `offered`, 15 minutes to take it);
//                   the place stays counted in ticket_types.sold while it is offered, so nobody else can buy it.
//                   The unique (ticket_type_id, user_id) keeps a person once in a line; leaving or letting an offer
//                   expire and joining again puts them at the back. An offer may be of a ticket put up for resale
//                   (resale_ticket_id) instead of a freed place; promoter_id is the promoter the person came through.
// tickets.resale_listed_at  set while the holder offers the ticket for resale at face value; the ticket stays
//                   valid (and its place taken) until a buyer from the waitlist has the new one.
// tickets.resale_offer_id   the waitlist entry the listed ticket is offered to right now: claimed with a
//                   conditional update, so one listing is never offered to two people at once.
export const fairTickets: Migration = {
  async up(db: MigrationDb) {
    const ts = timestampType(db);
    await db.schema
      .createTable('ticket_waitlist')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('ticket_type_id', 'text', (c) =>
        c.notNull().references('ticket_types.id').onDelete('cascade'),
      )
      .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('joined_at', ts, (c) => c.notNull())
      .addColumn('offered_at', ts)
      .addColumn('offer_expires_at', ts)
      .addColumn('ticket_id', 'text')
      .addColumn('resale_ticket_id', 'text')
      .addColumn('promoter_id', 'text')
      .addColumn('updated_at', ts, (c) => c.notNull())
      .addUniqueConstraint('ticket_waitlist_person_unique', ['ticket_type_id', 'user_id'])
      .execute();
    await db.schema
      .createIndex('ticket_waitlist_line_idx')
      .on('ticket_waitlist')
      .columns(['ticket_type_id', 'status', 'joined_at', 'id'])
      .execute();
    await db.schema
      .createIndex('ticket_waitlist_event_user_idx')
      .on('ticket_waitlist')
      .columns(['event_id', 'user_id'])
      .execute();
    await db.schema.alterTable('tickets').addColumn('resale_listed_at', ts).execute();
    await db.schema.alterTable('tickets').addColumn('resale_offer_id', 'text').execute();
    await db.schema
      .createIndex('tickets_resale_idx')
      .on('tickets')
      .columns(['ticket_type_id', 'resale_listed_at'])
      .execute();
  },
};

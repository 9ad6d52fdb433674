import type { Migration } from 'kysely';
import type { MigrationDb } from './column-types.ts';

// The club's own cancellation rule for its tickets.
//
// clubs.cancel_hours_before  how long before an event starts its holders may still cancel a ticket:
//                            NULL = never (the ticket can still go to the waitlist through resale),
//                            0 = until the start (the default: what every club had before),
//                            N (1–168) = until N hours before the start.
export const clubCancellationRule: Migration = {
  async up(db: MigrationDb) {
    await db.schema
      .alterTable('clubs')
      .addColumn('cancel_hours_before', 'integer', (c) => c.defaultTo(0))
      .execute();
  },
};

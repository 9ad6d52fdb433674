import type { Migration } from 'kysely';
import type { MigrationDb } from './column-types.ts';

// A Stripe completion that does not match its order (another session, another amount or currency) issues nothing:
// the order moves to status 'review' (a text column, no new constraint) and says why here.
//
// payment_orders.review_reason  'session', 'amount' and/or 'currency' (comma-separated); null for every other order.
export const paymentReview: Migration = {
  async up(db: MigrationDb) {
    await db.schema.alterTable('payment_orders').addColumn('review_reason', 'text').execute();
  },
};

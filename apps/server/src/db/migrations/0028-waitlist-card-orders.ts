import type { Migration } from 'kysely';
import type { MigrationDb } from './column-types.ts';

// The waitlist and face-value resale for card-paid types.
//
// payment_orders.waitlist_entry_id  the waitlist offer a card order pays for (NULL for a normal purchase). Such an
//                                   order holds no place of its own (the offer keeps it in `sold`), only the
//                                   person's share of the per-person limit; its payment takes the offer.
export const waitlistCardOrders: Migration = {
  async up(db: MigrationDb) {
    await db.schema.alterTable('payment_orders').addColumn('waitlist_entry_id', 'text').execute();
    await db.schema
      .createIndex('payment_orders_waitlist_entry_idx')
      .on('payment_orders')
      .column('waitlist_entry_id')
      .execute();
  },
};

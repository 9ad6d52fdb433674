import { sql, type Migration } from 'kysely';
import { timestampType, type MigrationDb } from './column-types.ts';

// Paying online, the audit's gaps.
//
// payment_orders.fulfilled_at   when the tickets were issued; paid_at is when the payment was confirmed. An order
//                               goes pending → paid → fulfilled (both moves recorded, in one transaction when the
//                               tickets can be issued), or pending → paid → refunded when they cannot.
// payment_orders.legal_name,    the club's legal name and NIF as they were when the order was made (the IVA % was
//   .nif                        already kept): a later edit of the club's billing does not rewrite old receipts.
// payment_orders.return_origin  the site the buyer is sent back to, so a retry can open the Checkout Session that
//                               Stripe could not create the first time.
// payment_order_history         every state an order has been in, with when: the buyer's and the club's history.
export const paymentsStatesReceipts: Migration = {
  async up(db: MigrationDb) {
    const ts = timestampType(db);
    await db.schema.alterTable('payment_orders').addColumn('fulfilled_at', ts).execute();
    await db.schema.alterTable('payment_orders').addColumn('legal_name', 'text').execute();
    await db.schema.alterTable('payment_orders').addColumn('nif', 'text').execute();
    await db.schema.alterTable('payment_orders').addColumn('return_origin', 'text').execute();
    await db.schema
      .createTable('payment_order_history')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('order_id', 'text', (c) => c.notNull().references('payment_orders.id').onDelete('cascade'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('payment_order_history_order_idx')
      .on('payment_order_history')
      .columns(['order_id', 'at'])
      .execute();

    // Orders made before: their receipts keep the billing the club has now (the closest there is), an order
    // with a receipt was fulfilled when it was paid, and their history starts with what is known.
    await sql`update payment_orders set
        legal_name = coalesce((select b.legal_name from club_billing b where b.club_id = payment_orders.club_id),
                              (select c.name from clubs c where c.id = payment_orders.club_id)),
        nif = coalesce((select b.nif from club_billing b where b.club_id = payment_orders.club_id), '')`.execute(
      db,
    );
    await sql`update payment_orders set fulfilled_at = paid_at where receipt_number is not null`.execute(db);
    await sql`insert into payment_order_history (id, order_id, status, at)
        select id || ':pending', id, 'pending', created_at from payment_orders`.execute(db);
    await sql`insert into payment_order_history (id, order_id, status, at)
        select id || ':paid', id, 'paid', paid_at from payment_orders where paid_at is not null`.execute(db);
    await sql`insert into payment_order_history (id, order_id, status, at)
        select id || ':fulfilled', id, 'fulfilled', fulfilled_at from payment_orders
        where fulfilled_at is not null`.execute(db);
    await sql`insert into payment_order_history (id, order_id, status, at)
        select id || ':' || status, id, status, updated_at from payment_orders
        where status in ('expired', 'refunded', 'partially_refunded')`.execute(db);
  },
};

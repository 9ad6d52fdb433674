import type { Migration } from 'kysely';
import { timestampType, type MigrationDb } from './column-types.ts';

// Paying online.
//
// payment_orders    one row per card checkout, keyed like the ticket_orders row it pays for (same id). Its places
//                   are held by growing ticket_types.sold when the order is made (the same guarded UPDATE a sale
//                   uses: `sold + n <= capacity`), so paid + held never exceeds capacity on either engine. Status:
//                     pending → paid → fulfilled        payment confirmed, tickets issued (paid_at, and
//                                                       fulfilled_at since 0026; both moves in its history)
//                     pending → expired                 hold ran out or the buyer went back: its places are freed
//                     expired → paid → fulfilled        a late payment, when places remain
//                     paid → refunded                   paid, but no tickets can be issued (no places, the
//                                                       person's limit, the event cancelled or over)
//                     paid|fulfilled → refunded | partially_refunded
//                   Every move is a conditional UPDATE (`where status = <from>`): two deliveries, or the expiry job
//                   and a late webhook, cannot both move it.
// payment_events    the Stripe event ids already processed: the primary key makes a second delivery a no-op.
// payment_refunds   one row per refund, `refund_key` unique ('order:<id>' or 'ticket:<id>'): a refund is recorded
//                   (and asked of Stripe, with the same idempotency key) once.
// club_billing      what a club's receipts and fees need: legal name, NIF, IVA %, service fee per ticket.
export const payments: Migration = {
  async up(db: MigrationDb) {
    const ts = timestampType(db);
    await db.schema
      .createTable('payment_orders')
      .addColumn('id', 'text', (c) => c.primaryKey().references('ticket_orders.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('ticket_type_id', 'text', (c) =>
        c.notNull().references('ticket_types.id').onDelete('cascade'),
      )
      .addColumn('event_id', 'text', (c) => c.notNull())
      .addColumn('club_id', 'text', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('unit_price_cents', 'integer', (c) => c.notNull())
      .addColumn('fee_cents', 'integer', (c) => c.notNull())
      .addColumn('vat_percent', 'integer', (c) => c.notNull())
      .addColumn('total_cents', 'integer', (c) => c.notNull())
      .addColumn('refunded_cents', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      // Why a paid order was refunded by us: 'sold_out' (late success, no places left), 'limit', null.
      .addColumn('refund_reason', 'text')
      .addColumn('promo_code', 'text')
      .addColumn('promoter_id', 'text')
      .addColumn('checkout_session_id', 'text', (c) => c.unique())
      .addColumn('checkout_url', 'text')
      .addColumn('payment_intent', 'text')
      .addColumn('hold_expires_at', ts, (c) => c.notNull())
      .addColumn('receipt_number', 'text', (c) => c.unique())
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('paid_at', ts)
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('payment_orders_user_idx')
      .on('payment_orders')
      .columns(['user_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('payment_orders_event_idx')
      .on('payment_orders')
      .columns(['event_id', 'status'])
      .execute();

    await db.schema
      .createTable('payment_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('order_id', 'text')
      .addColumn('received_at', ts, (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('payment_refunds')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('refund_key', 'text', (c) => c.notNull().unique())
      .addColumn('order_id', 'text', (c) => c.notNull().references('payment_orders.id').onDelete('cascade'))
      .addColumn('ticket_id', 'text')
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      // 'pending' (asked of Stripe, answer not recorded yet) | 'succeeded'
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('stripe_refund_id', 'text')
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('payment_refunds_order_idx')
      .on('payment_refunds')
      .columns(['order_id'])
      .execute();

    await db.schema
      .createTable('club_billing')
      .addColumn('club_id', 'text', (c) => c.primaryKey().references('clubs.id').onDelete('cascade'))
      .addColumn('legal_name', 'text', (c) => c.notNull())
      .addColumn('nif', 'text', (c) => c.notNull())
      .addColumn('vat_percent', 'integer', (c) => c.notNull())
      .addColumn('service_fee_cents', 'integer', (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
  },
};

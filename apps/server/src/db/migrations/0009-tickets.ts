import {
  sql,
  type ColumnDataType,
  type ColumnDefinitionBuilderCallback,
  type Expression,
  type Migration,
} from 'kysely';
import { timestampType, type MigrationDb } from './column-types.ts';

// Tickets: ticket types' sales rules, promoter codes, orders (idempotency), holdings (per-person
// limits), the tickets' own new columns and their history.
//
// Ticket statuses (tickets.status):
//   valid        can open the door
//   used         scanned at the door (check_in_at set)
//   cancelled    given back by its holder before the event started; its place went back on sale
//   transferred  passed to a connection: this row is dead, `transferred_to` names the recipient's new ticket
//
// Two guards the database holds under concurrency, on SQLite and PostgreSQL alike:
//   ticket_types.sold  only grows through `UPDATE ... SET sold = sold + n WHERE sold + n <= capacity`
//   ticket_holdings    one row per (person, type); it only grows through an upsert whose WHERE keeps
//                      `held + n <= per_person_limit`, so the row lock decides parallel requests of one person
export const tickets: Migration = {
  async up(db: MigrationDb) {
    const ts = timestampType(db);

    // SQLite adds one column per ALTER TABLE statement.
    const addColumn =
      (table: string) =>
      (name: string, type: ColumnDataType | Expression<unknown>, build?: ColumnDefinitionBuilderCallback) =>
        db.schema
          .alterTable(table)
          .addColumn(name, type, build ?? ((c) => c))
          .execute();

    const typeColumn = addColumn('ticket_types');
    // 'free' | 'door' (pay at the door) | 'online' (card payment, through a PaymentProvider)
    await typeColumn('kind', 'text', (c) => c.notNull().defaultTo('door'));
    await typeColumn('sales_from', ts);
    await typeColumn('sales_until', ts);
    // Last moment the ticket lets someone in ("Lista gratis hasta la 01:30"); null: until the event ends.
    await typeColumn('entry_until', ts);
    await typeColumn('per_person_limit', 'integer', (c) => c.notNull().defaultTo(10));
    // Hidden types are offered only to whoever brings one of its promoter codes (ticket_type_codes).
    await typeColumn('hidden', 'boolean', (c) => c.notNull().defaultTo(false));
    await sql`update ticket_types set kind = 'free' where price_cents = 0`.execute(db);

    await db.schema
      .createTable('ticket_type_codes')
      .addColumn('ticket_type_id', 'text', (c) =>
        c.notNull().references('ticket_types.id').onDelete('cascade'),
      )
      // Stored upper-case; compared upper-case.
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('promoter_id', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addPrimaryKeyConstraint('ticket_type_codes_pk', ['ticket_type_id', 'code'])
      .execute();
    await db.schema
      .createIndex('ticket_type_codes_code_idx')
      .on('ticket_type_codes')
      .columns(['code'])
      .execute();

    // One row per "get tickets" request that went through. (user_id, idempotency_key) is unique: a retried
    // request finds its order and gets the same tickets back; a second ticket is never made.
    await db.schema
      .createTable('ticket_orders')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('idempotency_key', 'text', (c) => c.notNull())
      // sha256 of the request's meaningful fields: same key with another body is refused (422).
      .addColumn('request_hash', 'text', (c) => c.notNull())
      .addColumn('ticket_type_id', 'text', (c) =>
        c.notNull().references('ticket_types.id').onDelete('cascade'),
      )
      .addColumn('quantity', 'integer', (c) => c.notNull())
      // 'free' | 'due_at_door' | 'paid', from the PaymentProvider
      .addColumn('payment_status', 'text', (c) => c.notNull())
      .addColumn('payment_reference', 'text')
      .addColumn('created_at', ts, (c) => c.notNull())
      .addUniqueConstraint('ticket_orders_user_key_uq', ['user_id', 'idempotency_key'])
      .execute();

    await db.schema
      .createTable('ticket_holdings')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('ticket_type_id', 'text', (c) =>
        c.notNull().references('ticket_types.id').onDelete('cascade'),
      )
      // Tickets of this type the person holds now (valid or used).
      .addColumn('held', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('ticket_holdings_pk', ['user_id', 'ticket_type_id'])
      .execute();

    const ticketColumn = addColumn('tickets');
    // The holder's name when the ticket was issued to them: what the door reads out.
    await ticketColumn('holder_name', 'text', (c) => c.notNull().defaultTo(''));
    // When the current token (qr_code) was signed: the token's own `i`.
    await ticketColumn('token_issued_at', ts);
    await ticketColumn('order_id', 'text', (c) => c.references('ticket_orders.id').onDelete('set null'));
    // 'free' | 'due_at_door' | 'paid'
    await ticketColumn('payment_status', 'text', (c) => c.notNull().defaultTo('paid'));
    await ticketColumn('promo_code', 'text');
    // A transfer kills this row and issues a new one to the recipient: the two point at each other.
    await ticketColumn('transferred_to', 'text');
    await ticketColumn('transferred_from', 'text');
    await ticketColumn('cancelled_at', ts);
    await ticketColumn('updated_at', ts);
    await sql`update tickets set holder_name = coalesce((select u.name from users u where u.id = tickets.user_id), '')`.execute(
      db,
    );
    await sql`update tickets set payment_status = 'free' where price_cents = 0`.execute(db);
    await db.schema
      .createIndex('tickets_event_status_idx')
      .on('tickets')
      .columns(['event_id', 'status'])
      .execute();
    await db.schema.createIndex('tickets_order_idx').on('tickets').columns(['order_id']).execute();
    await sql`
      insert into ticket_holdings (user_id, ticket_type_id, held)
      select user_id, ticket_type_id, count(*) from tickets
      where ticket_type_id is not null and status in ('valid', 'used')
      group by user_id, ticket_type_id`.execute(db);

    // What happened to each ticket: 'issued' | 'transferred' | 'received' | 'cancelled' | 'checked_in'.
    await db.schema
      .createTable('ticket_history')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('ticket_id', 'text', (c) => c.notNull().references('tickets.id').onDelete('cascade'))
      .addColumn('event_id', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      // Who did it (the holder, or door staff for a check-in); null for the system.
      .addColumn('actor_id', 'text')
      // The other person of a transfer, and the other ticket row.
      .addColumn('counterpart_id', 'text')
      .addColumn('related_ticket_id', 'text')
      // JSON with anything else worth keeping (e.g. the door that scanned it).
      .addColumn('detail', 'text')
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('ticket_history_ticket_idx')
      .on('ticket_history')
      .columns(['ticket_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('ticket_history_event_idx')
      .on('ticket_history')
      .columns(['event_id', 'action'])
      .execute();
  },
};

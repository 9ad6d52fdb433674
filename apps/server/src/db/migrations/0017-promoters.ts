import { sql, type Migration } from 'kysely';
import { timestampType, type MigrationDb } from './column-types.ts';

// Promoters (RPP), DJs and "Mi noche".
//
// club_promoters            a promoter attached to a club by its CEO: their personal code (unique, upper-case) and
//                           the default commission (fixed cents or basis points of the price) for any ticket type.
// promoter_commission_rules the commission of one promoter on one ticket type, overriding the default.
// club_partner_settings     what a club shares: the promoters' ranking with every promoter, sales with its DJs.
// tickets.promoter_id       who sold it (link, code or guest list), written once at purchase.
// tickets.guest_list_id     the list a guest ticket came from ("Lista de {promotor}" at the door).
// guest_lists               a promoter's list for one event: its type, cupo (capacity) and closing time; `filled`
//                           is the counter the conditional UPDATE that hands out the last place reads.
// guest_list_entries        one row per guest with the ticket they got; one per person and list.
// promoter_statements       a statement the CEO marked paid: its lines as they were then (JSON), frozen. Live figures
//                           are never stored: a statement that is not paid is computed from tickets and check-ins.
// dj_profiles, dj_follows   a DJ's public page and who follows it.
// dj_bookings               a DJ's answer to the slot a club offered them on a line-up (no row: not answered yet).
export const promoters: Migration = {
  async up(db: MigrationDb) {
    const ts = timestampType(db);
    await db.schema
      .createTable('club_promoters')
      .addColumn('club_id', 'text', (c) => c.notNull().references('clubs.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('commission_kind', 'text', (c) =>
        c.notNull().check(sql`commission_kind in ('fixed', 'percent')`),
      )
      .addColumn('commission_value', 'integer', (c) => c.notNull().check(sql`commission_value >= 0`))
      .addColumn('added_by', 'text')
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('removed_at', ts)
      .addPrimaryKeyConstraint('club_promoters_pk', ['club_id', 'user_id'])
      .execute();
    await db.schema
      .createIndex('club_promoters_code_idx')
      .on('club_promoters')
      .column('code')
      .unique()
      .execute();
    await db.schema.createIndex('club_promoters_user_idx').on('club_promoters').column('user_id').execute();

    await db.schema
      .createTable('promoter_commission_rules')
      .addColumn('promoter_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('ticket_type_id', 'text', (c) =>
        c.notNull().references('ticket_types.id').onDelete('cascade'),
      )
      .addColumn('club_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('fixed', 'percent')`))
      .addColumn('value', 'integer', (c) => c.notNull().check(sql`value >= 0`))
      .addPrimaryKeyConstraint('promoter_commission_rules_pk', ['promoter_id', 'ticket_type_id'])
      .execute();

    await db.schema
      .createTable('club_partner_settings')
      .addColumn('club_id', 'text', (c) => c.primaryKey().references('clubs.id').onDelete('cascade'))
      .addColumn('promoter_ranking', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('dj_sales', 'boolean', (c) => c.notNull().defaultTo(false))
      .execute();

    await db.schema.alterTable('tickets').addColumn('promoter_id', 'text').execute();
    await db.schema.alterTable('tickets').addColumn('guest_list_id', 'text').execute();
    // A promoter's figures read only this index (covering: no ticket row is visited to count and price them).
    await db.schema
      .createIndex('tickets_promoter_event_idx')
      .on('tickets')
      .columns(['promoter_id', 'event_id', 'status', 'ticket_type_id', 'price_cents'])
      .execute();

    // The ranking counts, night by night, who each promoter got in: read from this index alone.
    await db.schema
      .createIndex('tickets_event_status_promoter_idx')
      .on('tickets')
      .columns(['event_id', 'status', 'promoter_id'])
      .execute();

    await db.schema
      .createTable('guest_lists')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
      .addColumn('club_id', 'text', (c) => c.notNull())
      .addColumn('promoter_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('ticket_type_id', 'text', (c) => c.notNull().references('ticket_types.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('capacity', 'integer', (c) => c.notNull().check(sql`capacity > 0`))
      .addColumn('filled', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('closes_at', ts, (c) => c.notNull())
      .addColumn('signup_token', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', ts, (c) => c.notNull())
      .addCheckConstraint('guest_lists_cupo', sql`filled <= capacity`)
      .execute();
    await db.schema
      .createIndex('guest_lists_promoter_idx')
      .on('guest_lists')
      .columns(['promoter_id', 'event_id'])
      .execute();
    await db.schema
      .createTable('guest_list_entries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('list_id', 'text', (c) => c.notNull().references('guest_lists.id').onDelete('cascade'))
      .addColumn('ticket_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('added_by', 'text')
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    // One place per person and list (names added by the promoter have no account: user_id is null).
    await db.schema
      .createIndex('guest_list_entries_person_idx')
      .on('guest_list_entries')
      .columns(['list_id', 'user_id'])
      .unique()
      .execute();

    await db.schema
      .createTable('promoter_statements')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('club_id', 'text', (c) => c.notNull())
      .addColumn('promoter_id', 'text', (c) => c.notNull())
      // 'event:<id>' or 'period:<from>:<to>': one paid statement per promoter, club and scope.
      .addColumn('scope_key', 'text', (c) => c.notNull())
      .addColumn('total_cents', 'integer', (c) => c.notNull())
      .addColumn('lines', 'text', (c) => c.notNull())
      .addColumn('paid_at', ts, (c) => c.notNull())
      .addColumn('paid_by', 'text')
      .execute();
    await db.schema
      .createIndex('promoter_statements_scope_idx')
      .on('promoter_statements')
      .columns(['club_id', 'promoter_id', 'scope_key'])
      .unique()
      .execute();

    await db.schema
      .createTable('dj_profiles')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('photo_url', 'text')
      .addColumn('bio', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('genres', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('links', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('dj_follows')
      .addColumn('dj_user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('follower_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addPrimaryKeyConstraint('dj_follows_pk', ['dj_user_id', 'follower_id'])
      .execute();
    await db.schema.createIndex('dj_follows_follower_idx').on('dj_follows').column('follower_id').execute();
    await db.schema
      .createTable('dj_bookings')
      .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
      .addColumn('dj_user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('confirmed', 'declined')`))
      .addColumn('responded_at', ts, (c) => c.notNull())
      .addPrimaryKeyConstraint('dj_bookings_pk', ['event_id', 'dj_user_id'])
      .execute();
  },
};

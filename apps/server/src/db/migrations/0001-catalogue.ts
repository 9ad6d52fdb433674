import type { Migration } from 'kysely';
import { timestampType, type MigrationDb } from './column-types.ts';

export const catalogue: Migration = {
  async up(db: MigrationDb) {
    const ts = timestampType(db);

    await db.schema
      .createTable('users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('email_verified', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('image', 'text')
      .addColumn('username', 'text', (c) => c.unique())
      .addColumn('display_username', 'text')
      .addColumn('first_name', 'text')
      .addColumn('last_name', 'text')
      .addColumn('phone_number', 'text')
      .addColumn('date_of_birth', 'text')
      .addColumn('gender', 'text')
      .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('clubs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('city', 'text', (c) => c.notNull())
      .addColumn('barrio', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('latitude', 'double precision', (c) => c.notNull())
      .addColumn('longitude', 'double precision', (c) => c.notNull())
      .addColumn('logo_url', 'text', (c) => c.notNull())
      .addColumn('cover_url', 'text', (c) => c.notNull())
      .addColumn('opening_days', 'text', (c) => c.notNull())
      .addColumn('opening_hours', 'text', (c) => c.notNull())
      .addColumn('dress_code', 'text', (c) => c.notNull())
      .addColumn('minimum_age', 'integer', (c) => c.notNull())
      .addColumn('price_range', 'text', (c) => c.notNull())
      .addColumn('capacity', 'integer', (c) => c.notNull())
      .addColumn('instagram', 'text')
      .addColumn('website', 'text')
      .addColumn('brand_color', 'text', (c) => c.notNull())
      .addColumn('search_text', 'text', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('clubs_name_idx').on('clubs').columns(['name', 'id']).execute();
    await db.schema.createIndex('clubs_barrio_idx').on('clubs').column('barrio').execute();

    await db.schema
      .createTable('club_genres')
      .addColumn('club_id', 'text', (c) => c.notNull().references('clubs.id').onDelete('cascade'))
      .addColumn('genre', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('club_genres_pk', ['club_id', 'genre'])
      .execute();
    await db.schema
      .createIndex('club_genres_genre_idx')
      .on('club_genres')
      .columns(['genre', 'club_id'])
      .execute();

    await db.schema
      .createTable('events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('club_id', 'text', (c) => c.notNull().references('clubs.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('city', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('cover_url', 'text', (c) => c.notNull())
      .addColumn('start_at', ts, (c) => c.notNull())
      .addColumn('end_at', ts, (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('gallery_privacy', 'text', (c) => c.notNull())
      .addColumn('minimum_age', 'integer', (c) => c.notNull())
      .addColumn('dress_code', 'text', (c) => c.notNull())
      .addColumn('min_price_cents', 'integer')
      .addColumn('search_text', 'text', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('events_status_start_idx')
      .on('events')
      .columns(['status', 'start_at', 'id'])
      .execute();
    await db.schema
      .createIndex('events_club_start_idx')
      .on('events')
      .columns(['club_id', 'start_at'])
      .execute();

    await db.schema
      .createTable('event_genres')
      .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
      .addColumn('genre', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('event_genres_pk', ['event_id', 'genre'])
      .execute();
    await db.schema
      .createIndex('event_genres_genre_idx')
      .on('event_genres')
      .columns(['genre', 'event_id'])
      .execute();

    await db.schema
      .createTable('event_lineup')
      .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('dj_name', 'text', (c) => c.notNull())
      .addColumn('starts_at', ts)
      .addColumn('ends_at', ts)
      .addPrimaryKeyConstraint('event_lineup_pk', ['event_id', 'position'])
      .execute();

    await db.schema
      .createTable('ticket_types')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('price_cents', 'integer', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('capacity', 'integer', (c) => c.notNull())
      .addColumn('sold', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('ticket_types_event_idx')
      .on('ticket_types')
      .columns(['event_id', 'position'])
      .execute();

    await db.schema
      .createTable('snapshots')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('front_url', 'text', (c) => c.notNull())
      .addColumn('back_url', 'text', (c) => c.notNull())
      .addColumn('approved', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('user_display_name', 'text', (c) => c.notNull())
      .addColumn('user_photo_url', 'text')
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('tickets')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('ticket_type_id', 'text', (c) => c.references('ticket_types.id'))
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('price_cents', 'integer', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('check_in_at', ts)
      .addColumn('qr_code', 'text', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('tickets_user_idx').on('tickets').columns(['user_id', 'event_id']).execute();
  },
};

import { sql, type Migration } from 'kysely';
import { timestampType, type MigrationDb } from './column-types.ts';

// better-auth's session, account and verification models under our snake_case names, plus roles as rows
// (a user may hold several) and the audit log of who granted or revoked which role, and when.
export const auth: Migration = {
  async up(db: MigrationDb) {
    const ts = timestampType(db);

    // Usernames are unique ignoring case: the database decides a race between "Lucia" and "lucia".
    await db.schema
      .createIndex('users_username_lower_idx')
      .on('users')
      .unique()
      .expression(sql`lower(username)`)
      .execute();

    await db.schema
      .createTable('sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token', 'text', (c) => c.notNull().unique())
      .addColumn('expires_at', ts, (c) => c.notNull())
      .addColumn('ip_address', 'text')
      .addColumn('user_agent', 'text')
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

    await db.schema
      .createTable('accounts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('provider_id', 'text', (c) => c.notNull())
      .addColumn('access_token', 'text')
      .addColumn('refresh_token', 'text')
      .addColumn('id_token', 'text')
      .addColumn('access_token_expires_at', ts)
      .addColumn('refresh_token_expires_at', ts)
      .addColumn('scope', 'text')
      .addColumn('password', 'text')
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('accounts_user_idx').on('accounts').column('user_id').execute();
    await db.schema
      .createIndex('accounts_provider_account_idx')
      .on('accounts')
      .columns(['provider_id', 'account_id'])
      .unique()
      .execute();

    await db.schema
      .createTable('verifications')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('identifier', 'text', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('expires_at', ts, (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('verifications_identifier_idx')
      .on('verifications')
      .column('identifier')
      .execute();

    await db.schema
      .createTable('user_roles')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('admin', 'ceo', 'dj', 'rpp')`))
      .addColumn('granted_by', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('granted_at', ts, (c) => c.notNull())
      .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role'])
      .execute();
    await db.schema
      .createIndex('user_roles_role_idx')
      .on('user_roles')
      .columns(['role', 'user_id'])
      .execute();

    // The audit log keeps the e-mails as they were, so it still reads after an account is deleted.
    await db.schema
      .createTable('role_audit')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('user_email', 'text')
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull().check(sql`action in ('grant', 'revoke')`))
      .addColumn('actor_id', 'text')
      .addColumn('actor_email', 'text')
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('role_audit_created_idx')
      .on('role_audit')
      .columns(['created_at', 'id'])
      .execute();
  },
};

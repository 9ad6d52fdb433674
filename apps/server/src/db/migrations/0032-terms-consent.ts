import type { Migration } from 'kysely';
import { timestampType, type MigrationDb } from './column-types.ts';

// When the person accepted the terms of use and the privacy policy, and which version of them. Accounts opened
// before consent was asked keep both empty.
export const termsConsent: Migration = {
  async up(db: MigrationDb) {
    await db.schema.alterTable('users').addColumn('terms_accepted_at', timestampType(db)).execute();
    await db.schema.alterTable('users').addColumn('terms_version', 'text').execute();
  },
};

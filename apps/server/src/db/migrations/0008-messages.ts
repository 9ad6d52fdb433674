import type { Migration } from 'kysely';
import type { MigrationDb } from './column-types.ts';

// Private messages and reports (issue 6).
export const messages: Migration = {
  async up(_db: MigrationDb) {},
};

import type { Migration } from 'kysely';
import type { MigrationDb } from './column-types.ts';

// Tickets, ticket types' sales rules, ticket history and the door (issue 7).
export const tickets: Migration = {
  async up(_db: MigrationDb) {},
};

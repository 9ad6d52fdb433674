import { sql, type Migration } from 'kysely';
import { randomTicketCode } from '@nocturna/shared';
import type { MigrationDb } from './column-types.ts';

// Every ticket gets a short code (packages/shared ticket-code.ts): what the door searches by and the ticket
// shows. Unique per event, held by the database; (code, event_id) in that order also serves the lookup of an
// NT2 token, which names a ticket by its code and a tag of its event. Tickets issued before get one here.
export const ticketCodes: Migration = {
  async up(db: MigrationDb) {
    await db.schema.alterTable('tickets').addColumn('code', 'text').execute();
    const rows = await sql<{ id: string; event_id: string }>`select id, event_id from tickets`.execute(db);
    const taken = new Set<string>();
    for (const row of rows.rows) {
      let code = randomTicketCode();
      while (taken.has(`${row.event_id}\n${code}`)) code = randomTicketCode();
      taken.add(`${row.event_id}\n${code}`);
      await sql`update tickets set code = ${code} where id = ${row.id}`.execute(db);
    }
    await db.schema
      .createIndex('tickets_code_event_unique')
      .on('tickets')
      .columns(['code', 'event_id'])
      .unique()
      .execute();
  },
};

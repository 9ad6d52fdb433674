import { sql, type Migration } from 'kysely';
import type { MigrationDb } from './column-types.ts';

// The promoters' gaps: what the first promoter tables left out.
//
// promoter_statement_tickets  which paid statement settled each ticket: one row per ticket, so two statements that
//                             overlap (an event and the month it is in, two periods) cannot both pay the same
//                             ticket — the primary key decides when two CEOs pay at once.
// tickets.promoter_id         a transferred ticket's new ticket now keeps its sale's promoter and list; tickets
//                             transferred before this are given theirs here, along the whole chain.
export const promoterGaps: Migration = {
  async up(db: MigrationDb) {
    await db.schema
      .createTable('promoter_statement_tickets')
      .addColumn('ticket_id', 'text', (c) => c.primaryKey())
      .addColumn('statement_id', 'text', (c) =>
        c.notNull().references('promoter_statements.id').onDelete('cascade'),
      )
      .execute();
    await db.schema
      .createIndex('promoter_statement_tickets_statement_idx')
      .on('promoter_statement_tickets')
      .column('statement_id')
      .execute();

    const paid = await sql<{ id: string; lines: string }>`select id, lines from promoter_statements`.execute(
      db,
    );
    for (const statement of paid.rows) {
      const ids = (JSON.parse(statement.lines) as { ticketId: string }[]).map((l) => l.ticketId);
      for (let i = 0; i < ids.length; i += 500) {
        const chunk = ids.slice(i, i + 500);
        await sql`insert into promoter_statement_tickets (ticket_id, statement_id) values ${sql.join(
          chunk.map((id) => sql`(${id}, ${statement.id})`),
        )} on conflict (ticket_id) do nothing`.execute(db);
      }
    }

    // One link of a transfer chain per pass: a ticket passed on three times needs three.
    for (;;) {
      const moved = await sql`update tickets set
          promoter_id = (select f.promoter_id from tickets f where f.id = tickets.transferred_from),
          guest_list_id = (select f.guest_list_id from tickets f where f.id = tickets.transferred_from)
        where promoter_id is null and transferred_from in (select id from tickets where promoter_id is not null)`.execute(
        db,
      );
      if (Number(moved.numAffectedRows ?? 0) === 0) break;
    }
  },
};

// SQL of statements: their lines, the statements a club paid with their frozen lines, and paying one.
import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database, PromoterStatementsTable } from '../../../db/schema.ts';
import { attributed, commissionCents } from '../repository.ts';

type Q = Kysely<Database>;

// The lines of a statement: every attributed ticket of the club's events in scope, with its commission. The
// nights (a few dozen) are read beside the tickets (thousands), not repeated on each ticket's row: a period of
// 4,000 tickets then moves and parses a third fewer values.
export async function statementLines(
  db: Q,
  v: { clubId: string; promoterId: string; eventId?: string; from?: string; to?: string },
) {
  let nights = db
    .selectFrom('events as e')
    .select(['e.id', 'e.name', 'e.start_at'])
    .where('e.club_id', '=', v.clubId);
  let q = attributed(db)
    .select([
      't.id',
      't.event_id',
      't.type',
      't.holder_name',
      't.guest_list_id',
      't.status',
      't.check_in_at',
      't.price_cents',
      commissionCents.as('commission'),
      // The sale time as text (ISO on SQLite, one fixed format on PostgreSQL): it sorts as it reads.
      sql<string>`cast(t.created_at as text)`.as('sold_at'),
    ])
    .where('t.promoter_id', '=', v.promoterId)
    .where('e.club_id', '=', v.clubId)
    .where('t.status', '<>', 'transferred');
  if (v.eventId) {
    q = q.where('t.event_id', '=', v.eventId);
    nights = nights.where('e.id', '=', v.eventId);
  }
  if (v.from && v.to) {
    q = q.where('e.start_at', '>=', v.from).where('e.start_at', '<', v.to);
    nights = nights.where('e.start_at', '>=', v.from).where('e.start_at', '<', v.to);
  }
  const [rows, events] = await Promise.all([q.execute(), nights.execute()]);
  const night = new Map(
    events.map((e) => {
      const startAt = typeof e.start_at === 'string' ? new Date(e.start_at) : e.start_at;
      return [e.id, { name: e.name, startAt: startAt.toISOString(), ms: startAt.getTime() }] as const;
    }),
  );
  // Ordered here, not by the database: PostgreSQL compares the ids under the locale's collation, and for a
  // period of thousands of tickets that sort was half the query's time.
  const order = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  return rows
    .map((r) => {
      const e = night.get(r.event_id)!;
      return { ...r, event_name: e.name, event_start_at: e.startAt, start_ms: e.ms };
    })
    .sort((x, y) => x.start_ms - y.start_ms || order(x.sold_at, y.sold_at) || order(x.id, y.id));
}

// The statements of a promoter at a club the club paid (a handful: one per event or period), without their lines.
export async function paidStatements(db: Q, clubId: string, promoterId: string) {
  return db
    .selectFrom('promoter_statements')
    .leftJoin('users', 'users.id', 'promoter_statements.paid_by')
    .select([
      'promoter_statements.id',
      'promoter_statements.scope_key',
      'promoter_statements.total_cents',
      'promoter_statements.paid_at',
      'users.name as paid_by_name',
    ])
    .where('club_id', '=', clubId)
    .where('promoter_id', '=', promoterId)
    .orderBy('paid_at')
    .execute();
}

export async function frozenLines(db: Q, statementId: string): Promise<string> {
  const row = await db
    .selectFrom('promoter_statements')
    .select('lines')
    .where('id', '=', statementId)
    .executeTakeFirstOrThrow();
  return row.lines;
}

// Inserts a paid statement unless one of the same scope exists: whether this one was inserted.
export async function insertPaidStatement(db: Q, row: Insertable<PromoterStatementsTable>): Promise<boolean> {
  const result = await db
    .insertInto('promoter_statements')
    .values(row)
    .onConflict((oc) => oc.columns(['club_id', 'promoter_id', 'scope_key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

// Claims tickets for a paid statement; a ticket another statement settled is left alone. How many were claimed.
export async function claimTickets(db: Q, statementId: string, ticketIds: string[]): Promise<number> {
  let claimed = 0;
  for (let i = 0; i < ticketIds.length; i += 1000) {
    const result = await db
      .insertInto('promoter_statement_tickets')
      .values(ticketIds.slice(i, i + 1000).map((ticket_id) => ({ ticket_id, statement_id: statementId })))
      .onConflict((oc) => oc.column('ticket_id').doNothing())
      .executeTakeFirst();
    claimed += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return claimed;
}

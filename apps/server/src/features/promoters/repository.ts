// SQL of promoters: attached promoters and their rules, the attributed tickets with their commission, guest lists.
// Every figure is counted here from tickets (status 'used' = checked in at the door); nothing is stored twice.
import { sql, type Insertable, type Kysely, type RawBuilder } from 'kysely';
import type { Database, PromoterStatementsTable } from '../../db/schema.ts';

type Q = Kysely<Database>;

// A checked-in ticket's commission in cents: the promoter's rule for its type, else their default for the club;
// a percentage is in basis points of the ticket price, rounded down. Nothing until the ticket is used. A fixed
// amount is at most what the ticket cost: a club-wide default is set once for tickets of every price, and a
// type's price may come down after a rule was set, but a promoter never earns more than the sale brought in.
export const commissionCents: RawBuilder<number> = sql<number>`case when t.status = 'used' then
  case coalesce(r.kind, cp.commission_kind)
    when 'fixed' then
      case when coalesce(r.value, cp.commission_value) > t.price_cents then t.price_cents
      else coalesce(r.value, cp.commission_value) end
    else (t.price_cents * coalesce(r.value, cp.commission_value)) / 10000
  end
  else 0 end`;

export const NOT_SALES = ['cancelled', 'transferred'];

const checkedIn = sql<number>`case when t.status = 'used' then 1 else 0 end`;

// Attributed tickets joined to what their commission needs. A cancelled ticket was never a sale. A transferred one
// is replaced by the ticket it became, which keeps the promoter (and list): the sale is counted once, on the ticket
// that can still be used.
export function attributed(db: Q) {
  return db
    .selectFrom('tickets as t')
    .innerJoin('events as e', 'e.id', 't.event_id')
    .innerJoin('club_promoters as cp', (j) =>
      j.onRef('cp.user_id', '=', 't.promoter_id').onRef('cp.club_id', '=', 'e.club_id'),
    )
    .leftJoin('promoter_commission_rules as r', (j) =>
      j.onRef('r.promoter_id', '=', 't.promoter_id').onRef('r.ticket_type_id', '=', 't.ticket_type_id'),
    );
}

export const num = (v: number | string | bigint | null | undefined) => Number(v ?? 0);

export async function promoterClubs(db: Q, userId: string) {
  return db
    .selectFrom('club_promoters as cp')
    .innerJoin('clubs', 'clubs.id', 'cp.club_id')
    .leftJoin('club_partner_settings as s', 's.club_id', 'cp.club_id')
    .select([
      'cp.club_id',
      'clubs.name as club_name',
      'cp.code',
      'cp.commission_kind',
      'cp.commission_value',
      's.promoter_ranking',
    ])
    .where('cp.user_id', '=', userId)
    .where('cp.removed_at', 'is', null)
    .orderBy('clubs.name')
    .execute();
}

// Sold, checked in and earned per event and type for one promoter, over the given events.
export async function figuresByType(db: Q, promoterId: string, eventIds: string[]) {
  if (eventIds.length === 0) return [];
  return attributed(db)
    .select([
      't.event_id',
      't.ticket_type_id',
      sql<string>`min(t.type)`.as('type'),
      sql<number>`count(*)`.as('sold'),
      sql<number>`sum(${checkedIn})`.as('checked_in'),
      sql<number>`sum(${commissionCents})`.as('earned'),
    ])
    .where('t.promoter_id', '=', promoterId)
    .where('t.event_id', 'in', eventIds)
    .where('t.status', 'not in', NOT_SALES)
    .groupBy(['t.event_id', 't.ticket_type_id'])
    .execute();
}

// Over the nights since `since` (the last 30 days and what is ahead): what a promoter follows night to night.
export async function totalsOf(db: Q, promoterId: string, since: string) {
  return attributed(db)
    .select([
      sql<number>`count(*)`.as('sold'),
      sql<number>`coalesce(sum(${checkedIn}), 0)`.as('checked_in'),
      sql<number>`coalesce(sum(${commissionCents}), 0)`.as('earned'),
    ])
    .where('t.promoter_id', '=', promoterId)
    .where('t.status', 'not in', NOT_SALES)
    .where('e.start_at', '>=', since)
    .executeTakeFirstOrThrow();
}

// The promoters of a club by people checked in since `since`: the ranking.
export async function ranking(db: Q, clubId: string, since: string) {
  return db
    .selectFrom('club_promoters as cp')
    .innerJoin('users', 'users.id', 'cp.user_id')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('tickets as t')
          .innerJoin('events as e', 'e.id', 't.event_id')
          .select(['t.promoter_id', sql<number>`count(*)`.as('n')])
          .where('e.club_id', '=', clubId)
          .where('e.start_at', '>=', since)
          .where('t.status', '=', 'used')
          .where('t.promoter_id', 'is not', null)
          .groupBy('t.promoter_id')
          .as('c'),
      (j) => j.onRef('c.promoter_id', '=', 'cp.user_id'),
    )
    .select(['cp.user_id', 'users.name', sql<number>`coalesce(c.n, 0)`.as('checked_in')])
    .where('cp.club_id', '=', clubId)
    .where('cp.removed_at', 'is', null)
    .orderBy(sql`coalesce(c.n, 0)`, 'desc')
    .orderBy('users.name')
    .limit(50)
    .execute();
}

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

export async function listsOf(db: Q, promoterId: string, eventIds: string[]) {
  if (eventIds.length === 0) return [];
  return db
    .selectFrom('guest_lists as l')
    .innerJoin('ticket_types as tt', 'tt.id', 'l.ticket_type_id')
    .select([
      'l.id',
      'l.event_id',
      'l.name',
      'l.ticket_type_id',
      'tt.name as type_name',
      'l.capacity',
      'l.filled',
      'l.closes_at',
      'l.signup_token',
      (eb) =>
        eb
          .selectFrom('tickets as t')
          .select(sql<number>`count(*)`.as('n'))
          .whereRef('t.guest_list_id', '=', 'l.id')
          .where('t.status', '=', 'used')
          .as('checked_in'),
    ])
    .where('l.promoter_id', '=', promoterId)
    .where('l.event_id', 'in', eventIds)
    .orderBy('l.created_at')
    .execute();
}

// THE cupo and closing-time guard: a place is taken only while the list has one and is still open. Two people
// asking for the last place both run it; the database lets one of them change the row.
export async function takeListPlace(db: Q, listId: string, nowIso: string): Promise<boolean> {
  const result = await db
    .updateTable('guest_lists')
    .set((eb) => ({ filled: eb('filled', '+', 1) }))
    .where('id', '=', listId)
    .where((eb) => eb('filled', '<', eb.ref('capacity')))
    .where('closes_at', '>', nowIso)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

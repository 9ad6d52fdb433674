// SQL of a promoter's dashboard: their clubs, the nights it shows, and what they sold, let in and earned there.
import { addDays } from 'date-fns';
import { sql, type Kysely } from 'kysely';
import { nightStart } from '@nocturna/shared';
import type { Db } from '../../../db/connect.ts';
import type { Database } from '../../../db/schema.ts';
import { toIso } from '../../../db/schema.ts';
import { attributed, checkedIn, commissionCents, NOT_SALES } from '../repository.ts';

type Q = Kysely<Database>;

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

// The nights a promoter's dashboard shows: every event of tonight's Madrid night or still under way (a busy club
// may run several, and none may be left out), the next LATER_NIGHTS events after it, and those over in the last
// 12 hours. A single limit over all of them by start time let a day's earlier events push tonight's off the page.
const LATER_NIGHTS = 12;
const PAST_NIGHTS = 6;

export function promotedEvents(db: Db, promoterId: string, now: Date) {
  const since = new Date(now.getTime() - 12 * 3600_000).toISOString();
  const tonightEnds = addDays(nightStart(now), 1).toISOString();
  const nowIso = now.toISOString();
  const base = () =>
    db
      .selectFrom('events')
      .select(['id', 'slug', 'name', 'start_at', 'end_at', 'club_id'])
      .where('club_id', 'in', (eb) =>
        eb
          .selectFrom('club_promoters')
          .select('club_id')
          .where('user_id', '=', promoterId)
          .where('removed_at', 'is', null),
      )
      .where('status', '=', 'published');
  return Promise.all([
    base().where('end_at', '>', nowIso).where('start_at', '<', tonightEnds).orderBy('start_at').execute(),
    base().where('start_at', '>=', tonightEnds).orderBy('start_at').limit(LATER_NIGHTS).execute(),
    base()
      .where('end_at', '>', since)
      .where('end_at', '<=', nowIso)
      .orderBy('start_at', 'desc')
      .limit(PAST_NIGHTS)
      .execute(),
  ]).then(([current, later, past]) =>
    [...past.reverse(), ...current, ...later].sort((a, b) =>
      toIso(a.start_at).localeCompare(toIso(b.start_at)),
    ),
  );
}

// The free ticket types of the given events: what a list can give out.
export async function freeListTypes(db: Db, eventIds: string[]) {
  return eventIds.length
    ? db
        .selectFrom('ticket_types')
        .select(['id', 'event_id', 'name'])
        .where('event_id', 'in', eventIds)
        .where('price_cents', '=', 0)
        .orderBy('position')
        .execute()
    : [];
}

// Entries tonight: this promoter's people let in to the nights on now (started or about to, not over), the
// last ten and (the window count, in the same query) how many in all.
export async function tonightEntries(db: Db, promoterId: string, tonightIds: string[]) {
  return tonightIds.length
    ? db
        .selectFrom('tickets as t')
        .innerJoin('events as e', 'e.id', 't.event_id')
        .select([
          't.check_in_at',
          't.holder_name',
          't.type',
          'e.name as event_name',
          sql<number>`count(*) over ()`.as('total'),
        ])
        .where('t.promoter_id', '=', promoterId)
        .where('t.event_id', 'in', tonightIds)
        .where('t.status', '=', 'used')
        .orderBy('t.check_in_at', 'desc')
        .limit(10)
        .execute()
    : [];
}

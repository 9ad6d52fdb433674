// SQL of a club's promoters page: the promoters attached, what each sold, let in and earned, their per-type rules,
// and the ticket types a rule can be set on.
import type { Db } from '../../../db/connect.ts';
import * as repo from '../repository.ts';
import * as clock from '../../../clock.ts';

export async function attachedPromoters(db: Db, clubId: string) {
  return db
    .selectFrom('club_promoters as cp')
    .innerJoin('users', 'users.id', 'cp.user_id')
    .select([
      'cp.user_id',
      'users.name',
      'users.username',
      'cp.code',
      'cp.commission_kind',
      'cp.commission_value',
    ])
    .where('cp.club_id', '=', clubId)
    .where('cp.removed_at', 'is', null)
    .orderBy('users.name')
    .execute();
}

// Sold, checked in and earned per promoter, over every event of the club.
export async function figuresByPromoter(db: Db, clubId: string) {
  return repo
    .attributed(db)
    .select([
      't.promoter_id',
      (eb) => eb.fn.countAll<number>().as('sold'),
      (eb) =>
        eb.fn.sum<number>(eb.case().when('t.status', '=', 'used').then(1).else(0).end()).as('checked_in'),
      (eb) => eb.fn.sum<number>(repo.commissionCents).as('earned'),
    ])
    .where('e.club_id', '=', clubId)
    .where('t.status', 'not in', repo.NOT_SALES)
    .groupBy('t.promoter_id')
    .execute();
}

export async function commissionRules(db: Db, clubId: string) {
  return db
    .selectFrom('promoter_commission_rules as r')
    .innerJoin('ticket_types as tt', 'tt.id', 'r.ticket_type_id')
    .innerJoin('events as e', 'e.id', 'tt.event_id')
    .select([
      'r.promoter_id',
      'r.ticket_type_id',
      'tt.name as type_name',
      'e.name as event_name',
      'r.kind',
      'r.value',
    ])
    .where('r.club_id', '=', clubId)
    .orderBy('e.start_at')
    .execute();
}

// The types of the nights not over yet: what a rule can be set on.
export async function comingTicketTypes(db: Db, clubId: string) {
  return db
    .selectFrom('ticket_types as tt')
    .innerJoin('events as e', 'e.id', 'tt.event_id')
    .select(['tt.id', 'tt.name', 'tt.price_cents', 'e.name as event_name', 'e.start_at'])
    .where('e.club_id', '=', clubId)
    .where('e.end_at', '>', clock.now().toISOString())
    .where('e.status', '<>', 'cancelled')
    .orderBy('e.start_at')
    .orderBy('tt.position')
    .limit(120)
    .execute();
}

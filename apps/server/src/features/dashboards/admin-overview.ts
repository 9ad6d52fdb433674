// The platform in figures for the admin dashboard, each a count in the database.
import type { AdminOverview } from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';
import * as clock from '../../clock.ts';

const WEEK = 7 * 24 * 3600_000;

export async function adminOverview(db: Db, now = clock.now()): Promise<AdminOverview> {
  const weekAgo = new Date(now.getTime() - WEEK).toISOString();
  const count = <T extends { n: number }>(row: T | undefined) => Number(row?.n ?? 0);
  const [users, newUsers, clubs, upcoming, tickets, checkIns, reports] = await Promise.all([
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst(),
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('created_at', '>=', weekAgo)
      .executeTakeFirst(),
    db
      .selectFrom('clubs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('archived_at', 'is', null)
      .executeTakeFirst(),
    db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'published')
      .where('end_at', '>', now.toISOString())
      .executeTakeFirst(),
    db
      .selectFrom('tickets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('created_at', '>=', weekAgo)
      .executeTakeFirst(),
    db
      .selectFrom('check_ins')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('scanned_at', '>=', weekAgo)
      .where('outcome', '=', 'admitted')
      .executeTakeFirst(),
    db
      .selectFrom('reports')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'open')
      .executeTakeFirst(),
  ]);
  return {
    users: count(users),
    newUsersThisWeek: count(newUsers),
    clubs: count(clubs),
    upcomingEvents: count(upcoming),
    ticketsThisWeek: count(tickets),
    checkInsThisWeek: count(checkIns),
    openReports: count(reports),
  };
}

// Club staff rows and the club-scoped door permission. Every function takes the Kysely instance or a transaction.
import { sql, type Kysely } from 'kysely';
import type { ClubStaffRole } from '@nocturna/shared';
import type { Database } from '../../db/schema.ts';

type Q = Kysely<Database>;

// The permission as one SQL predicate on a club id column: an admin, the club's owner while they hold the
// ceo role, or door staff added for that club. Used by every door query so the rule lives in one place.
export function canScanClubSql(userId: string, clubIdColumn: string) {
  return sql<boolean>`(
    exists (select 1 from user_roles ar where ar.user_id = ${userId} and ar.role = 'admin')
    or exists (
      select 1 from club_staff cs
      where cs.club_id = ${sql.ref(clubIdColumn)} and cs.user_id = ${userId}
        and (cs.role = 'door' or exists (select 1 from user_roles cr where cr.user_id = cs.user_id and cr.role = 'ceo'))
    )
  )`;
}

// Everyone canScanClubSql lets in for this club, as ids: every admin, its owner while they hold the ceo role, and
// its door staff. Who hears about what needs the club's team (a takedown request on an event's wall).
export async function clubModeratorIds(db: Q, clubId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('user_roles')
    .select('user_id')
    .where('role', '=', 'admin')
    .union(
      db
        .selectFrom('club_staff as cs')
        .select('cs.user_id')
        .where('cs.club_id', '=', clubId)
        .where((eb) =>
          eb.or([
            eb('cs.role', '=', 'door'),
            eb.exists(
              eb
                .selectFrom('user_roles as cr')
                .select('cr.user_id')
                .whereRef('cr.user_id', '=', 'cs.user_id')
                .where('cr.role', '=', 'ceo'),
            ),
          ]),
        ),
    )
    .execute();
  return rows.map((r) => r.user_id).sort();
}

export async function canScanClub(db: Q, userId: string, clubId: string): Promise<boolean> {
  const row = await db
    .selectFrom('clubs')
    .select(canScanClubSql(userId, 'clubs.id').as('allowed'))
    .where('clubs.id', '=', clubId)
    .executeTakeFirst();
  return Boolean(row?.allowed);
}

// An owner only counts while they hold the ceo role: revoking the role takes the club away with it.
export async function isActiveOwner(db: Q, userId: string, clubId: string): Promise<boolean> {
  const row = await db
    .selectFrom('club_staff')
    .innerJoin('user_roles', (j) =>
      j.onRef('user_roles.user_id', '=', 'club_staff.user_id').on('user_roles.role', '=', 'ceo'),
    )
    .select('club_staff.user_id')
    .where('club_staff.club_id', '=', clubId)
    .where('club_staff.user_id', '=', userId)
    .where('club_staff.role', '=', 'owner')
    .executeTakeFirst();
  return row !== undefined;
}

// The clubs where this person may scan, with their role there (owners without the ceo role left out).
export async function clubsOfStaff(db: Q, userId: string) {
  return db
    .selectFrom('club_staff')
    .innerJoin('clubs', 'clubs.id', 'club_staff.club_id')
    .select(['clubs.id', 'clubs.slug', 'clubs.name', 'club_staff.role'])
    .where('club_staff.user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('club_staff.role', '=', 'door'),
        eb.exists(
          eb
            .selectFrom('user_roles')
            .select('user_roles.user_id')
            .whereRef('user_roles.user_id', '=', 'club_staff.user_id')
            .where('user_roles.role', '=', 'ceo'),
        ),
      ]),
    )
    .orderBy('clubs.name')
    .execute();
}

export async function findClub(db: Q, idOrSlug: string) {
  return db
    .selectFrom('clubs')
    .select(['id', 'slug', 'name'])
    .where((eb) => eb.or([eb('id', '=', idOrSlug), eb('slug', '=', idOrSlug)]))
    .executeTakeFirst();
}

export async function listClubs(db: Q) {
  return db.selectFrom('clubs').select(['id', 'slug', 'name']).orderBy('name').orderBy('id').execute();
}

export async function staffOf(db: Q, clubIds: string[], role?: ClubStaffRole) {
  if (clubIds.length === 0) return [];
  let q = db
    .selectFrom('club_staff')
    .innerJoin('users', 'users.id', 'club_staff.user_id')
    .select([
      'club_staff.club_id',
      'club_staff.user_id',
      'club_staff.role',
      'club_staff.created_at',
      'users.name',
      'users.username',
    ])
    .where('club_staff.club_id', 'in', clubIds);
  if (role) q = q.where('club_staff.role', '=', role);
  return q.orderBy('club_staff.role', 'desc').orderBy('users.name').execute();
}

// By username (any case) or e-mail.
export async function findUserByLogin(db: Q, login: string) {
  const value = login.trim().toLowerCase();
  return db
    .selectFrom('users')
    .select(['id', 'name', 'username'])
    .where((eb) =>
      value.includes('@')
        ? eb(eb.fn('lower', ['email']), '=', value)
        : eb(eb.fn('lower', ['username']), '=', value),
    )
    .executeTakeFirst();
}

export async function findStaffRow(db: Q, clubId: string, userId: string) {
  return db
    .selectFrom('club_staff')
    .selectAll()
    .where('club_id', '=', clubId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

// Returns false when the person already had a row at this club (the primary key decides, not a read).
export async function insertStaff(
  db: Q,
  row: { clubId: string; userId: string; role: ClubStaffRole; addedBy: string; at: string },
): Promise<boolean> {
  const result = await db
    .insertInto('club_staff')
    .values({
      club_id: row.clubId,
      user_id: row.userId,
      role: row.role,
      added_by: row.addedBy,
      created_at: row.at,
    })
    .onConflict((oc) => oc.columns(['club_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function deleteStaff(
  db: Q,
  clubId: string,
  userId: string,
  role: ClubStaffRole,
): Promise<boolean> {
  const result = await db
    .deleteFrom('club_staff')
    .where('club_id', '=', clubId)
    .where('user_id', '=', userId)
    .where('role', '=', role)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

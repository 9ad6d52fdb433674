// Who runs each club and who works its door. Admins name the owners (CEOs); an owner adds and removes the
// door staff of their own clubs. Every check happens here, on the server.
import type { ClubStaffMember, ClubStaffRole, DoorAccess } from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';
import { toIso, type Timestamp } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { hasRole } from '../../auth/roles.ts';
import * as repo from './repository.ts';
import * as clock from '../../clock.ts';

type Actor = { id: string };
type StaffRow = {
  user_id: string;
  name: string;
  username: string | null;
  role: ClubStaffRole;
  created_at: Timestamp;
};

export function toMember(row: StaffRow): ClubStaffMember {
  return {
    userId: row.user_id,
    name: row.name,
    username: row.username,
    role: row.role,
    addedAt: toIso(row.created_at),
  };
}

export async function doorAccess(db: Db, userId: string): Promise<DoorAccess> {
  const [admin, clubs] = await Promise.all([hasRole(db, userId, 'admin'), repo.clubsOfStaff(db, userId)]);
  return { canScan: admin || clubs.length > 0, admin, clubs };
}

async function clubOr404(db: Db, idOrSlug: string) {
  const club = await repo.findClub(db, idOrSlug);
  if (!club) throw notFound('La discoteca', 'CLUB_NOT_FOUND');
  return club;
}

// The club's owner (while a CEO) or an admin; anyone else is told plainly that the club is not theirs.
export async function requireClubManager(db: Db, actor: Actor, clubId: string): Promise<void> {
  if (await repo.isActiveOwner(db, actor.id, clubId)) return;
  if (await hasRole(db, actor.id, 'admin')) return;
  throw new AppError(
    403,
    'NOT_CLUB_OWNER',
    'No eres responsable de esta discoteca: solo su CEO o un administrador pueden gestionarla.',
  );
}

// The clubs this person runs: every club for an admin (null), otherwise the ones they own while a CEO.
export async function managedClubIds(db: Db, userId: string): Promise<string[] | null> {
  if (await hasRole(db, userId, 'admin')) return null;
  const clubs = await repo.clubsOfStaff(db, userId);
  return clubs.filter((c) => c.role === 'owner').map((c) => c.id);
}

export async function listStaff(db: Db, actor: Actor, clubIdOrSlug: string) {
  const club = await clubOr404(db, clubIdOrSlug);
  await requireClubManager(db, actor, club.id);
  const rows = await repo.staffOf(db, [club.id]);
  return { club, staff: rows.map(toMember) };
}

async function personOr404(db: Db, login: string) {
  const person = await repo.findUserByLogin(db, login);
  if (!person)
    throw new AppError(404, 'USER_NOT_FOUND', 'No hay ninguna cuenta con ese usuario o e-mail.', {
      field: 'login',
    });
  return person;
}

export async function addDoorStaff(db: Db, actor: Actor, clubIdOrSlug: string, login: string) {
  const club = await clubOr404(db, clubIdOrSlug);
  await requireClubManager(db, actor, club.id);
  const person = await personOr404(db, login);
  const at = clock.now().toISOString();
  // The primary key (club_id, user_id) settles two owners adding the same person at once.
  if (
    !(await repo.insertStaff(db, { clubId: club.id, userId: person.id, role: 'door', addedBy: actor.id, at }))
  ) {
    const existing = await repo.findStaffRow(db, club.id, person.id);
    const what =
      existing?.role === 'owner'
        ? 'ya es responsable de esta discoteca'
        : 'ya está en la puerta de esta discoteca';
    throw new AppError(409, 'ALREADY_STAFF', `${person.name} ${what}.`, {
      field: 'login',
      details: { role: existing?.role === 'owner' ? 'owner' : 'door' },
    });
  }
  return {
    club,
    member: toMember({
      user_id: person.id,
      name: person.name,
      username: person.username,
      role: 'door',
      created_at: at,
    }),
  };
}

export async function removeDoorStaff(db: Db, actor: Actor, clubIdOrSlug: string, userId: string) {
  const club = await clubOr404(db, clubIdOrSlug);
  await requireClubManager(db, actor, club.id);
  if (!(await repo.deleteStaff(db, club.id, userId, 'door')))
    throw notFound('Esa persona en la puerta de esta discoteca', 'STAFF_NOT_FOUND');
}

export async function listOwners(db: Db) {
  const clubs = await repo.listClubs(db);
  const rows = await repo.staffOf(
    db,
    clubs.map((c) => c.id),
    'owner',
  );
  const byClub = new Map<string, ClubStaffMember[]>();
  for (const row of rows) byClub.set(row.club_id, [...(byClub.get(row.club_id) ?? []), toMember(row)]);
  return { items: clubs.map((club) => ({ club, owners: byClub.get(club.id) ?? [] })) };
}

// Admin only (the route's guard). A person already at the door of the club becomes its owner.
export async function addOwner(db: Db, actor: Actor, clubIdOrSlug: string, login: string) {
  const club = await clubOr404(db, clubIdOrSlug);
  const person = await personOr404(db, login);
  if (!(await hasRole(db, person.id, 'ceo'))) {
    throw new AppError(
      409,
      'NOT_A_CEO',
      `${person.name} no tiene el rol CEO: dáselo antes de hacerle responsable de una discoteca.`,
      { field: 'login' },
    );
  }
  const at = clock.now().toISOString();
  return db.transaction().execute(async (trx) => {
    if (
      !(await repo.insertStaff(trx, {
        clubId: club.id,
        userId: person.id,
        role: 'owner',
        addedBy: actor.id,
        at,
      }))
    ) {
      const existing = await repo.findStaffRow(trx, club.id, person.id);
      if (existing?.role === 'owner')
        throw new AppError(409, 'ALREADY_OWNER', `${person.name} ya es responsable de esta discoteca.`, {
          field: 'login',
        });
      await trx
        .updateTable('club_staff')
        .set({ role: 'owner', added_by: actor.id })
        .where('club_id', '=', club.id)
        .where('user_id', '=', person.id)
        .execute();
    }
    return {
      club,
      member: toMember({
        user_id: person.id,
        name: person.name,
        username: person.username,
        role: 'owner',
        created_at: at,
      }),
    };
  });
}

export async function removeOwner(db: Db, clubIdOrSlug: string, userId: string) {
  const club = await clubOr404(db, clubIdOrSlug);
  if (!(await repo.deleteStaff(db, club.id, userId, 'owner')))
    throw notFound('Ese responsable de la discoteca', 'OWNER_NOT_FOUND');
}

// Who may do what with a club's incidents and bans. Door staff (and the club's CEO, admins) log incidents for
// an event of their club; only the club's CEO and admins read them and run the ban list. Anyone else is told
// the club does not exist (404): a CEO of another club learns nothing about this one.
import { canScanClubSql, requireClubManager } from '../club-staff/index.ts';
import type { Db } from '../../db/connect.ts';
import { AppError, notFound } from '../../http/errors.ts';

type Actor = { id: string };

export async function requireIncidentReader(db: Db, actor: Actor, clubIdOrSlug: string) {
  const club = await db
    .selectFrom('clubs')
    .select(['id', 'slug', 'name'])
    .where((eb) => eb.or([eb('id', '=', clubIdOrSlug), eb('slug', '=', clubIdOrSlug)]))
    .executeTakeFirst();
  if (!club) throw notFound('La discoteca', 'CLUB_NOT_FOUND');
  try {
    await requireClubManager(db, actor, club.id);
  } catch (error) {
    if (error instanceof AppError && error.status === 403) throw notFound('La discoteca', 'CLUB_NOT_FOUND');
    throw error;
  }
  return club;
}

// The event, if this person works its club's door: 404 when there is no such event, 403 when not their club.
export async function requireDoorStaffEvent(db: Db, actor: Actor, eventIdOrSlug: string) {
  const event = await db
    .selectFrom('events')
    .select(['events.id', 'events.club_id', 'events.name'])
    .select(canScanClubSql(actor.id, 'events.club_id').as('allowed'))
    .where((eb) => eb.or([eb('events.id', '=', eventIdOrSlug), eb('events.slug', '=', eventIdOrSlug)]))
    .executeTakeFirst();
  if (!event) throw new AppError(404, 'EVENT_NOT_FOUND', 'El evento no existe.');
  if (!event.allowed)
    throw new AppError(
      403,
      'NOT_DOOR_STAFF',
      'No puedes registrar incidentes de este evento: no estás en la puerta de su discoteca.',
    );
  return event;
}

// The club a promoters route names, whether the caller runs it, and a promoter attached to it. Who may do what is
// decided in the services: a club's manager for its promoters (managedClub), a promoter only for their own figures.
import type { Db } from '../../db/connect.ts';
import { notFound } from '../../http/errors.ts';
import { requireClubManager } from '../club-staff/index.ts';

type Actor = { id: string; name: string };

export async function clubOr404(db: Db, idOrSlug: string) {
  const club = await db
    .selectFrom('clubs')
    .select(['id', 'name'])
    .where((eb) => eb.or([eb('id', '=', idOrSlug), eb('slug', '=', idOrSlug)]))
    .executeTakeFirst();
  if (!club) throw notFound('La discoteca', 'CLUB_NOT_FOUND');
  return club;
}

export async function managedClub(db: Db, actor: Actor, idOrSlug: string) {
  const club = await clubOr404(db, idOrSlug);
  await requireClubManager(db, actor, club.id);
  return club;
}

export async function attachedOr404(db: Db, clubId: string, userId: string) {
  const row = await db
    .selectFrom('club_promoters')
    .select(['user_id', 'code'])
    .where('club_id', '=', clubId)
    .where('user_id', '=', userId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound('Ese RPP en esta discoteca', 'PROMOTER_NOT_FOUND');
  return row;
}

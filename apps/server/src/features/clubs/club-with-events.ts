// A club's page: the club and its upcoming events. Kept apart from service.ts because events read clubs'
// summaries from there; this file is the only one of clubs that reads events.
import type { ClubWithEvents } from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';
import { listUpcomingEventsOfClub } from '../events/service.ts';
import { getClubDetail } from './service.ts';

export async function getClub(db: Db, idOrSlug: string): Promise<ClubWithEvents> {
  const club = await getClubDetail(db, idOrSlug);
  return { ...club, upcomingEvents: await listUpcomingEventsOfClub(db, club.id) };
}

// A club's page: the club (from clubs) and its upcoming events. Events owns it: events already read clubs'
// summaries, and clubs reads nothing of events.
import type { ClubWithEvents } from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';
import { getClubDetail } from '../clubs/index.ts';
import { listUpcomingEventsOfClub } from './service.ts';

export async function getClub(db: Db, idOrSlug: string): Promise<ClubWithEvents> {
  const club = await getClubDetail(db, idOrSlug);
  return { ...club, upcomingEvents: await listUpcomingEventsOfClub(db, club.id) };
}

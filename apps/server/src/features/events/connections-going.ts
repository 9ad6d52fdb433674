// Which of the viewer's connections are going to one event, for its page: the same gate as explore and
// "Novedades" (profiles' connectionsGoing), the most recent tickets first.
import { EVENT_GOING_FACES, type EventConnectionsGoing } from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';
import * as clock from '../../clock.ts';
import { notFound } from '../../http/errors.ts';
import { connectionsGoing, userCards } from '../profiles/index.ts';
import { findPublishedEvent } from './repository.ts';

export async function eventGoing(db: Db, viewerId: string, idOrSlug: string): Promise<EventConnectionsGoing> {
  const now = clock.now().toISOString();
  const event = await findPublishedEvent(db, idOrSlug, now);
  if (!event) throw notFound('El evento', 'EVENT_NOT_FOUND');
  const going = await connectionsGoing(db, viewerId, { now, eventIds: [event.id] });
  const people = await userCards(
    db,
    going.slice(0, EVENT_GOING_FACES).map((g) => g.user_id),
  );
  return { count: going.length, people };
}

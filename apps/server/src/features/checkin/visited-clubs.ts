// The clubs a person has been let into (an admitted entry at the door), as a subquery of club ids: "Novedades"
// tells them about new events there.
import type { Db } from '../../db/connect.ts';

export function visitedClubIds(db: Db, userId: string) {
  return db
    .selectFrom('check_ins')
    .innerJoin('tickets', 'tickets.id', 'check_ins.ticket_id')
    .innerJoin('events', 'events.id', 'check_ins.event_id')
    .select('events.club_id')
    .where('tickets.user_id', '=', userId)
    .where('check_ins.outcome', '=', 'admitted');
}

// A guest list's sign-up link: anyone with it sees the list (event, promoter, places left, closing time); signed in,
// they put themself on it and get their own ticket.
import type { PublicGuestList } from '@nocturna/shared';
import type { Db } from '../../../db/connect.ts';
import { toIso } from '../../../db/schema.ts';
import { num } from '../repository.ts';
import { admit, type ListsContext } from './admission.ts';
import { listMissing } from './service.ts';
import * as clock from '../../../clock.ts';

type Actor = { id: string; name: string };

async function listByToken(db: Db, token: string) {
  const list = await db
    .selectFrom('guest_lists as l')
    .innerJoin('events as e', 'e.id', 'l.event_id')
    .innerJoin('clubs as c', 'c.id', 'e.club_id')
    .innerJoin('users as p', 'p.id', 'l.promoter_id')
    .innerJoin('ticket_types as tt', 'tt.id', 'l.ticket_type_id')
    .select([
      'l.id',
      'l.name',
      'l.ticket_type_id',
      'l.promoter_id',
      'l.capacity',
      'l.filled',
      'l.closes_at',
      'p.name as promoter_name',
      'e.id as event_id',
      'e.slug as event_slug',
      'e.name as event_name',
      'e.start_at as event_start_at',
      'c.name as club_name',
      'tt.name as type_name',
    ])
    .where('l.signup_token', '=', token)
    .executeTakeFirst();
  if (!list) throw listMissing();
  return list;
}

export async function publicGuestList(
  db: Db,
  token: string,
  viewerId: string | null,
  now = clock.now(),
): Promise<PublicGuestList> {
  const list = await listByToken(db, token);
  const joined = viewerId
    ? Boolean(
        await db
          .selectFrom('guest_list_entries')
          .select('id')
          .where('list_id', '=', list.id)
          .where('user_id', '=', viewerId)
          .executeTakeFirst(),
      )
    : false;
  const left = num(list.capacity) - num(list.filled);
  const closesAt = toIso(list.closes_at);
  return {
    name: list.name,
    promoterName: list.promoter_name,
    eventId: list.event_id,
    eventSlug: list.event_slug,
    eventName: list.event_name,
    eventStartAt: toIso(list.event_start_at),
    clubName: list.club_name,
    typeName: list.type_name,
    closesAt,
    placesLeft: Math.max(0, left),
    state: new Date(closesAt) <= now ? 'closed' : left <= 0 ? 'full' : 'open',
    joined,
  };
}

// The person the link was shared with puts themself on the list and gets their own ticket.
export async function joinGuestList(ctx: ListsContext, person: Actor, token: string, now = clock.now()) {
  const list = await listByToken(ctx.db, token);
  return admit(
    ctx,
    list,
    { userId: person.id, holderId: person.id, name: person.name, addedBy: person.id },
    now,
  );
}

// What the door's scan asks of the ban list. The staff get the reason and the end; the holder gets a
// notification that entry is refused and how to reach the club, never the reason.
import type { FastifyBaseLogger } from 'fastify';
import type { DoorBan } from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';
import type { RealtimeBus } from '../../realtime/bus.ts';
import { notify } from '../notifications/index.ts';
import { activeBanFor } from './bans.ts';

const TOLD_ONCE_MS = 12 * 60 * 60 * 1000;

// What the ban check at the door works with, handed over by the door: the database, the holder's tabs (the
// notification) and a logger for a notification that could not be sent (the scan goes on without it).
export type DoorBanContext = { db: Db; bus: RealtimeBus; log: FastifyBaseLogger };

export async function banAtDoor(
  ctx: DoorBanContext,
  event: { club_id: string; name: string },
  ticket: { id: string; user_id: string | null; event_id: string },
  at: Date,
): Promise<DoorBan | null> {
  if (!ticket.user_id) return null;
  const ban = await activeBanFor(ctx.db, event.club_id, ticket.user_id, at);
  if (!ban) return null;
  // Told once a night, not at every scan of a person trying again (or of a friend trying with their QR).
  const refs = JSON.stringify({ eventId: ticket.event_id, ticketId: ticket.id });
  const toldAlready = await ctx.db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', ticket.user_id)
    .where('type', '=', 'system')
    .where('refs', '=', refs)
    .where('message', '=', 'entryBanned')
    .where('created_at', '>', new Date(at.getTime() - TOLD_ONCE_MS).toISOString())
    .executeTakeFirst();
  if (toldAlready) return ban;
  const club = await ctx.db
    .selectFrom('clubs')
    .select(['slug', 'name'])
    .where('id', '=', event.club_id)
    .executeTakeFirst();
  await notify(ctx.db, ctx.bus, {
    userId: ticket.user_id,
    type: 'system',
    message: 'entryBanned',
    data: { eventName: event.name, clubName: club?.name ?? '' },
    link: club ? `/discotecas/${club.slug}` : '/tickets',
    refs: { eventId: ticket.event_id, ticketId: ticket.id },
  }).catch((err: unknown) => ctx.log.warn({ err }, 'ban notification failed'));
  return ban;
}

// Publishing an event or taking it back to draft, duplicating it a week later, and cancelling it, by an admin or
// the club's CEO.
import { madridWallClock, type ManagedEvent } from '@nocturna/shared';
import type { Notification } from '@nocturna/shared';
import type { Db } from '../../../db/connect.ts';
import { AppError } from '../../../http/errors.ts';
import type { RealtimeBus } from '../../../realtime/bus.ts';
import { insertEvent } from '../../../seed/catalogue-writer.ts';
import { createNotification, publishNotification } from '../../notifications/index.ts';
import { cancelTicketsOfEvent } from '../../tickets/index.ts';
import { writeAudit, type Actor } from '../audit/repository.ts';
import { findClubRow } from '../clubs/repository.ts';
import { eventCancelled } from './notification-messages.ts';
import {
  asDate,
  carryReentryRule,
  freeSlug,
  reload,
  slotInstant,
  slugFrom,
  toManagedEvent,
} from './repository.ts';
import { managedEventOr404 } from './service.ts';
import * as clock from '../../../clock.ts';

export async function setEventStatus(
  db: Db,
  actor: Actor,
  idOrSlug: string,
  status: 'draft' | 'published',
): Promise<ManagedEvent> {
  const row = await managedEventOr404(db, actor, idOrSlug);
  if (row.status === status) return reload(db, row.id);
  if (row.status === 'cancelled')
    throw new AppError(409, 'EVENT_CANCELLED', 'El evento está cancelado: no se puede publicar de nuevo.');
  if (status === 'draft') {
    const sold = await db
      .selectFrom('tickets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('event_id', '=', row.id)
      .executeTakeFirstOrThrow();
    if (Number(sold.n) > 0)
      throw new AppError(
        409,
        'EVENT_HAS_TICKETS',
        'El evento ya tiene entradas: no puede volver a borrador. Puedes cancelarlo.',
      );
  }
  if (status === 'published' && asDate(row.end_at) <= clock.now())
    throw new AppError(
      409,
      'EVENT_IN_THE_PAST',
      'El evento ya ha terminado: cambia la fecha antes de publicarlo.',
      {
        field: 'date',
      },
    );
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('events')
      .set({ status, updated_at: clock.now().toISOString() })
      .where('id', '=', row.id)
      .execute();
    await writeAudit(trx, {
      actor,
      clubId: row.club_id,
      entity: 'event',
      entityId: row.id,
      action: status === 'published' ? 'publish' : 'unpublish',
      before: { status: row.status },
      after: { status },
    });
  });
  return reload(db, row.id);
}

// The same night a week later, as a draft: same line-up shape, same ticket types with nothing sold.
export async function duplicateEvent(db: Db, actor: Actor, idOrSlug: string): Promise<ManagedEvent> {
  const row = await managedEventOr404(db, actor, idOrSlug);
  const source = await toManagedEvent(db, row);
  const week = 7 * 24 * 3600_000;
  const start = new Date(new Date(source.startAt).getTime() + week);
  const date = madridWallClock(start).date;
  const club = (await findClubRow(db, row.club_id))!;
  const slug = await freeSlug(db, slugFrom(source.name, date));
  let id = '';
  await db.transaction().execute(async (trx) => {
    id = await insertEvent(
      trx,
      {
        slug,
        clubId: row.club_id,
        name: source.name,
        description: source.description,
        coverURL: row.cover_url.includes(`/media/events/${row.id}/`) ? undefined : row.cover_url,
        startAt: start,
        endAt: new Date(new Date(source.endAt).getTime() + week),
        status: 'draft',
        gallery: source.gallery,
        wallModeration: source.wallModeration,
        allowOverCapacity: source.allowOverCapacity,
        minimumAge: source.minimumAge,
        dressCode: source.dressCode,
        genres: source.genres,
        lineup: source.lineup.map((l) => ({
          djName: l.djName,
          djUserId: l.djUserId,
          startsAt: slotInstant(date, l.startTime, start) ?? undefined,
          endsAt: slotInstant(date, l.endTime, start) ?? undefined,
        })),
        ticketTypes: source.ticketTypes.map((t) => ({
          name: t.name,
          priceCents: t.price.cents,
          capacity: t.capacity,
          perPersonLimit: t.perPersonLimit,
          hidden: t.hidden,
          // Sales windows move with the night.
          salesFrom: t.salesFrom ? new Date(new Date(t.salesFrom).getTime() + week) : undefined,
          salesUntil: t.salesUntil ? new Date(new Date(t.salesUntil).getTime() + week) : undefined,
        })),
      },
      club.name,
    );
    await writeAudit(trx, {
      actor,
      clubId: row.club_id,
      entity: 'event',
      entityId: id,
      action: 'duplicate',
      before: { from: row.id },
      after: { slug, startAt: start.toISOString() },
    });
    await carryReentryRule(trx, id, source, week);
  });
  return reload(db, id);
}

// All or nothing: the event, every valid ticket and each holder's notification change in one transaction.
export async function cancelEvent(
  db: Db,
  bus: RealtimeBus,
  actor: Actor,
  idOrSlug: string,
): Promise<{ event: ManagedEvent; ticketsCancelled: number; holdersNotified: number }> {
  const row = await managedEventOr404(db, actor, idOrSlug);
  if (row.status === 'cancelled') throw new AppError(409, 'EVENT_CANCELLED', 'El evento ya está cancelado.');
  const at = clock.now().toISOString();
  const ref = { id: row.id, slug: row.slug, name: row.name, startAt: asDate(row.start_at) };
  const { notifications, tickets } = await db.transaction().execute(async (trx) => {
    // The conditional update decides between two people cancelling at once.
    const changed = await trx
      .updateTable('events')
      .set({ status: 'cancelled', cancelled_at: at, updated_at: at })
      .where('id', '=', row.id)
      .where('status', '!=', 'cancelled')
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1)
      throw new AppError(409, 'EVENT_CANCELLED', 'El evento ya está cancelado.');
    const holders = await cancelTicketsOfEvent(trx, row.id, actor.id, at);
    const out: Notification[] = [];
    for (const h of holders)
      out.push(await createNotification(trx, eventCancelled(h.userId, ref, h.tickets)));
    const total = holders.reduce((n, h) => n + h.tickets, 0);
    await writeAudit(trx, {
      actor,
      clubId: row.club_id,
      entity: 'event',
      entityId: row.id,
      action: 'cancel',
      before: { status: row.status },
      after: { status: 'cancelled', ticketsCancelled: total },
    });
    return { notifications: out, tickets: total };
  });
  for (const n of notifications) await publishNotification(db, bus, n);
  return {
    event: await reload(db, row.id),
    ticketsCancelled: tickets,
    holdersNotified: notifications.length,
  };
}

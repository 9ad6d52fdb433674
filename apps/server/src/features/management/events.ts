// Creating, editing, duplicating, publishing and cancelling events, by an admin or the club's CEO. Times come
// in as Madrid wall-clock (a date and two times; an end at or before the start is the next morning).
import {
  foldForSearch,
  madridInstant,
  madridNight,
  madridWallClock,
  type EventInput,
  type EventUpdate,
  type ManagedEvent,
} from '@nocturna/shared';
import type { Notification } from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';
import { toIso, type Timestamp } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import type { RealtimeBus } from '../../realtime/bus.ts';
import { insertEvent } from '../../seed/catalogue-writer.ts';
import { requireClubManager } from '../club-staff/index.ts';
import { createNotification, publishNotification } from '../notifications/index.ts';
import { cancelTicketsOfEvent } from '../tickets/index.ts';
import { changedFields, writeAudit, type Actor } from './audit.ts';
import { findClubRow } from './clubs.ts';
import { isUniqueViolation, slugTaken } from './errors.ts';
import { eventCancelled, eventMoved } from './notification-messages.ts';
import { managedTicketTypes } from './ticket-types.ts';
import * as clock from '../../clock.ts';

const listOf = (text: string) => (text ? text.split(',') : []);
const asDate = (v: Timestamp) => new Date(toIso(v));

export async function findEventRow(db: Db, idOrSlug: string) {
  return db
    .selectFrom('events')
    .innerJoin('clubs', 'clubs.id', 'events.club_id')
    .selectAll('events')
    .select(['clubs.name as club_name', 'clubs.capacity as club_capacity'])
    .where((eb) => eb.or([eb('events.id', '=', idOrSlug), eb('events.slug', '=', idOrSlug)]))
    .executeTakeFirst();
}
type EventRow = NonNullable<Awaited<ReturnType<typeof findEventRow>>>;

export async function managedEventOr404(db: Db, actor: Actor, idOrSlug: string): Promise<EventRow> {
  const row = await findEventRow(db, idOrSlug);
  if (!row) throw notFound('El evento', 'EVENT_NOT_FOUND');
  await requireClubManager(db, actor, row.club_id);
  return row;
}

// A set time written as "02:00" belongs to the night: before the event's start it is the next morning.
function slotInstant(date: string, time: string | null | undefined, start: Date): Date | null {
  if (!time) return null;
  let at = madridInstant(date, time);
  if (at < start) at = new Date(at.getTime() + 24 * 3600_000);
  return at;
}

export async function toManagedEvent(db: Db, row: EventRow): Promise<ManagedEvent> {
  const start = asDate(row.start_at);
  const end = asDate(row.end_at);
  const [lineup, types] = await Promise.all([
    db
      .selectFrom('event_lineup')
      .select(['dj_name', 'dj_user_id', 'starts_at', 'ends_at'])
      .where('event_id', '=', row.id)
      .orderBy('position')
      .execute(),
    managedTicketTypes(db, row.id),
  ]);
  const wall = madridWallClock(start);
  return {
    id: row.id,
    slug: row.slug,
    clubId: row.club_id,
    clubName: row.club_name,
    clubCapacity: row.club_capacity,
    name: row.name,
    coverURL: row.cover_url,
    date: wall.date,
    startTime: wall.time,
    endTime: madridWallClock(end).time,
    startAt: start.toISOString(),
    endAt: end.toISOString(),
    description: row.description,
    genres: listOf(row.genre_list),
    lineup: lineup.map((l) => ({
      djName: l.dj_name,
      djUserId: l.dj_user_id,
      startTime: l.starts_at ? madridWallClock(asDate(l.starts_at)).time : null,
      endTime: l.ends_at ? madridWallClock(asDate(l.ends_at)).time : null,
    })),
    minimumAge: row.minimum_age,
    dressCode: row.dress_code,
    gallery: row.gallery_privacy,
    wallModeration: row.wall_moderation,
    allowOverCapacity: Boolean(row.allow_over_capacity),
    status: row.status,
    ticketTypes: types,
    sold: types.reduce((n, t) => n + t.sold, 0),
    reentryPolicy: row.reentry_policy,
    reentryUntil: row.reentry_until ? asDate(row.reentry_until).toISOString() : null,
  };
}

// The re-entry rule travels with its night: a last time to come back in moves as far as the event does.
async function carryReentryRule(
  trx: Db,
  toEventId: string,
  from: { reentryPolicy: 'until' | 'never'; reentryUntil: string | null },
  shiftMs: number,
) {
  const until = from.reentryUntil
    ? new Date(new Date(from.reentryUntil).getTime() + shiftMs).toISOString()
    : null;
  await trx
    .updateTable('events')
    .set({ reentry_policy: from.reentryPolicy, reentry_until: until })
    .where('id', '=', toEventId)
    .execute();
}

async function reload(db: Db, id: string): Promise<ManagedEvent> {
  return toManagedEvent(db, (await findEventRow(db, id))!);
}

function slugFrom(name: string, date: string): string {
  const base = foldForSearch(name)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base || 'evento'}-${date}`;
}

// A free slug: the wanted one, or it with -2, -3… when an event already has it.
async function freeSlug(db: Db, wanted: string): Promise<string> {
  const taken = new Set(
    (await db.selectFrom('events').select('slug').where('slug', 'like', `${wanted}%`).execute()).map(
      (r) => r.slug,
    ),
  );
  if (!taken.has(wanted)) return wanted;
  for (let n = 2; ; n++) if (!taken.has(`${wanted}-${n}`)) return `${wanted}-${n}`;
}

async function validDjIds(db: Db, lineup: EventInput['lineup']): Promise<void> {
  const ids = lineup.map((l) => l.djUserId).filter((id): id is string => Boolean(id));
  if (!ids.length) return;
  const djs = await db
    .selectFrom('user_roles')
    .select('user_id')
    .where('role', '=', 'dj')
    .where('user_id', 'in', ids)
    .execute();
  const known = new Set(djs.map((d) => d.user_id));
  const index = lineup.findIndex((l) => l.djUserId && !known.has(l.djUserId));
  if (index >= 0) throw badRequest(`lineup.${index}.djUserId`, 'Esa cuenta no es de un DJ de Nocturna.');
}

export async function createEvent(db: Db, actor: Actor, input: EventInput): Promise<ManagedEvent> {
  const club = await findClubRow(db, input.clubId);
  if (!club) throw badRequest('clubId', 'Esa discoteca no existe.');
  await requireClubManager(db, actor, club.id);
  if (club.archived_at)
    throw badRequest('clubId', 'La discoteca está archivada: recupérala antes de crear eventos.');
  await validDjIds(db, input.lineup);
  const night = madridNight(input.date, input.startTime, input.endTime);
  const slug = input.slug ?? (await freeSlug(db, slugFrom(input.name, input.date)));
  let id = '';
  try {
    await db.transaction().execute(async (trx) => {
      id = await insertEvent(
        trx,
        {
          slug,
          clubId: club.id,
          name: input.name,
          description: input.description,
          startAt: night.from,
          endAt: night.to,
          status: 'draft',
          gallery: input.gallery,
          wallModeration: input.wallModeration,
          allowOverCapacity: input.allowOverCapacity,
          minimumAge: input.minimumAge,
          dressCode: input.dressCode,
          genres: input.genres,
          lineup: input.lineup.map((l) => ({
            djName: l.djName,
            djUserId: l.djUserId ?? null,
            startsAt: slotInstant(input.date, l.startTime, night.from) ?? undefined,
            endsAt: slotInstant(input.date, l.endTime, night.from) ?? undefined,
          })),
        },
        club.name,
      );
      await writeAudit(trx, {
        actor,
        clubId: club.id,
        entity: 'event',
        entityId: id,
        action: 'create',
        after: input,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error, 'slug')) throw slugTaken('event');
    throw error;
  }
  return reload(db, id);
}

type Merged = Omit<EventInput, 'clubId'>;

async function writeEventColumns(db: Db, row: EventRow, merged: Merged, night: { from: Date; to: Date }) {
  const genres = [...new Set(merged.genres.map((g) => g.toLowerCase()))].sort();
  const at = clock.now().toISOString();
  await db
    .updateTable('events')
    .set({
      name: merged.name,
      slug: merged.slug ?? row.slug,
      description: merged.description,
      start_at: night.from.toISOString(),
      end_at: night.to.toISOString(),
      minimum_age: merged.minimumAge,
      dress_code: merged.dressCode,
      gallery_privacy: merged.gallery,
      wall_moderation: merged.wallModeration,
      allow_over_capacity: merged.allowOverCapacity,
      genre_list: genres.join(','),
      search_text: foldForSearch(
        [merged.name, row.club_name, ...merged.lineup.map((l) => l.djName), ...genres].join(' '),
      ),
      updated_at: at,
    })
    .where('id', '=', row.id)
    .execute();
  await db.deleteFrom('event_genres').where('event_id', '=', row.id).execute();
  if (genres.length)
    await db
      .insertInto('event_genres')
      .values(genres.map((genre) => ({ event_id: row.id, genre, start_at: night.from.toISOString() })))
      .execute();
  await db.deleteFrom('event_lineup').where('event_id', '=', row.id).execute();
  if (merged.lineup.length)
    await db
      .insertInto('event_lineup')
      .values(
        merged.lineup.map((l, position) => ({
          event_id: row.id,
          position,
          dj_name: l.djName,
          search_text: foldForSearch(l.djName),
          dj_user_id: l.djUserId ?? null,
          starts_at: slotInstant(merged.date, l.startTime, night.from)?.toISOString() ?? null,
          ends_at: slotInstant(merged.date, l.endTime, night.from)?.toISOString() ?? null,
        })),
      )
      .execute();
}

export async function updateEvent(
  db: Db,
  bus: RealtimeBus,
  actor: Actor,
  idOrSlug: string,
  patch: EventUpdate,
): Promise<ManagedEvent> {
  const row = await managedEventOr404(db, actor, idOrSlug);
  if (row.status === 'cancelled')
    throw new AppError(409, 'EVENT_CANCELLED', 'El evento está cancelado: ya no se puede editar.');
  const current = await toManagedEvent(db, row);
  const merged: Merged = {
    name: patch.name ?? current.name,
    slug: patch.slug ?? current.slug,
    date: patch.date ?? current.date,
    startTime: patch.startTime ?? current.startTime,
    endTime: patch.endTime ?? current.endTime,
    description: patch.description ?? current.description,
    genres: patch.genres ?? (current.genres as Merged['genres']),
    lineup: patch.lineup ?? current.lineup,
    minimumAge: patch.minimumAge ?? current.minimumAge,
    dressCode: patch.dressCode ?? current.dressCode,
    gallery: patch.gallery ?? current.gallery,
    wallModeration: patch.wallModeration ?? current.wallModeration,
    allowOverCapacity: patch.allowOverCapacity ?? current.allowOverCapacity,
  };
  await validDjIds(db, merged.lineup);
  const night = madridNight(merged.date, merged.startTime, merged.endTime);
  // Turning the aforo check back on must not leave types adding up to more than the club holds.
  if (current.allowOverCapacity && !merged.allowOverCapacity) {
    const total = current.ticketTypes.reduce((n, t) => n + t.capacity, 0);
    if (total > current.clubCapacity)
      throw badRequest(
        'allowOverCapacity',
        `Las entradas suman ${total} plazas y el aforo de la discoteca es ${current.clubCapacity}: reduce plazas antes.`,
      );
  }
  const { ticketTypes: _types, sold: _sold, ...comparable } = current;
  const diff = changedFields(comparable, { ...merged, genres: [...new Set(merged.genres)].sort() });
  if (!diff) return current;
  const moved = night.from.getTime() !== new Date(current.startAt).getTime();
  let notifications: Notification[] = [];
  try {
    notifications = await db.transaction().execute(async (trx) => {
      await writeEventColumns(trx, row, merged, night);
      if (moved && current.reentryUntil)
        await carryReentryRule(
          trx,
          row.id,
          current,
          night.from.getTime() - new Date(current.startAt).getTime(),
        );
      await writeAudit(trx, {
        actor,
        clubId: row.club_id,
        entity: 'event',
        entityId: row.id,
        action: 'update',
        ...diff,
      });
      if (!moved || row.status !== 'published') return [];
      const holders = await trx
        .selectFrom('tickets')
        .select('user_id')
        .distinct()
        .where('event_id', '=', row.id)
        .where('status', '=', 'valid')
        .execute();
      const ref = { id: row.id, slug: merged.slug ?? row.slug, name: merged.name, startAt: night.from };
      const out: Notification[] = [];
      for (const h of holders) out.push(await createNotification(trx, eventMoved(h.user_id, ref)));
      return out;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'slug')) throw slugTaken('event');
    throw error;
  }
  for (const n of notifications) await publishNotification(db, bus, n);
  return reload(db, row.id);
}

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

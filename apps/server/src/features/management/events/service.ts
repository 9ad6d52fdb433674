// Creating and editing events, by an admin or the club's CEO. Times come in as Madrid wall-clock (a date and two
// times; an end at or before the start is the next morning). Publishing, duplicating and cancelling: lifecycle.ts.
import { madridNight, type EventInput, type EventUpdate, type ManagedEvent } from '@nocturna/shared';
import type { ManagedEventRow, Notification } from '@nocturna/shared';
import type { Db } from '../../../db/connect.ts';
import { AppError, badRequest, notFound } from '../../../http/errors.ts';
import type { RealtimeBus } from '../../../realtime/bus.ts';
import { insertEvent } from '../../../seed/catalogue-writer.ts';
import { requireClubManager } from '../../club-staff/index.ts';
import { createNotification, publishNotification } from '../../notifications/index.ts';
import { changedFields, writeAudit, type Actor } from '../audit/repository.ts';
import { findClubRow } from '../clubs/repository.ts';
import { isUniqueViolation, slugTaken } from '../errors.ts';
import { listManagedEvents } from './event-list.ts';
import { eventMoved } from './notification-messages.ts';
import {
  carryReentryRule,
  findEventRow,
  freeSlug,
  reload,
  slotInstant,
  slugFrom,
  toManagedEvent,
  writeEventColumns,
  type EventRow,
  type Merged,
} from './repository.ts';
import * as clock from '../../../clock.ts';

export async function managedEventOr404(db: Db, actor: Actor, idOrSlug: string): Promise<EventRow> {
  const row = await findEventRow(db, idOrSlug);
  if (!row) throw notFound('El evento', 'EVENT_NOT_FOUND');
  await requireClubManager(db, actor, row.club_id);
  return row;
}

// The events of the clubs someone manages (`clubIds`, null for an admin), or of the one club asked for, which they must
// manage too: upcoming, past (the latest first) or all.
export async function managedEventsOf(
  db: Db,
  manager: Actor,
  clubIds: string[] | null,
  query: { clubId?: string; when: 'upcoming' | 'past' | 'all' },
): Promise<ManagedEventRow[]> {
  let clubId: string | undefined;
  if (query.clubId) {
    const club = await findClubRow(db, query.clubId);
    if (!club) throw new AppError(404, 'CLUB_NOT_FOUND', 'La discoteca no existe.');
    await requireClubManager(db, manager, club.id);
    clubId = club.id;
  }
  const now = clock.now().toISOString();
  const when = query.when;
  const items = await listManagedEvents(db, {
    clubIds,
    clubId,
    from: when === 'upcoming' ? now : undefined,
    to: when === 'past' ? now : undefined,
    order: when === 'past' ? 'desc' : 'asc',
  });
  return when === 'past' ? items.filter((e) => e.endAt <= now) : items;
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

// The event as the patch leaves it: each field the patch sets, the current value of the others.
function mergedEvent(current: ManagedEvent, patch: EventUpdate): Merged {
  return {
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
  const merged = mergedEvent(current, patch);
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

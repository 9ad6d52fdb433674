// An event's rows as management reads and writes them: the event with its line-up and ticket types, its columns
// after an edit, its re-entry rule, and a free slug for a new one.
import {
  foldForSearch,
  madridInstant,
  madridWallClock,
  type EventInput,
  type ManagedEvent,
} from '@nocturna/shared';
import type { Db } from '../../../db/connect.ts';
import { toIso, type Timestamp } from '../../../db/schema.ts';
import { managedTicketTypes } from '../ticket-types/repository.ts';
import * as clock from '../../../clock.ts';

const listOf = (text: string) => (text ? text.split(',') : []);
export const asDate = (v: Timestamp) => new Date(toIso(v));

export async function findEventRow(db: Db, idOrSlug: string) {
  return db
    .selectFrom('events')
    .innerJoin('clubs', 'clubs.id', 'events.club_id')
    .selectAll('events')
    .select(['clubs.name as club_name', 'clubs.capacity as club_capacity'])
    .where((eb) => eb.or([eb('events.id', '=', idOrSlug), eb('events.slug', '=', idOrSlug)]))
    .executeTakeFirst();
}
export type EventRow = NonNullable<Awaited<ReturnType<typeof findEventRow>>>;

// A set time written as "02:00" belongs to the night: before the event's start it is the next morning.
export function slotInstant(date: string, time: string | null | undefined, start: Date): Date | null {
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
export async function carryReentryRule(
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

export async function reload(db: Db, id: string): Promise<ManagedEvent> {
  return toManagedEvent(db, (await findEventRow(db, id))!);
}

export function slugFrom(name: string, date: string): string {
  const base = foldForSearch(name)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base || 'evento'}-${date}`;
}

// A free slug: the wanted one, or it with -2, -3… when an event already has it.
export async function freeSlug(db: Db, wanted: string): Promise<string> {
  const taken = new Set(
    (await db.selectFrom('events').select('slug').where('slug', 'like', `${wanted}%`).execute()).map(
      (r) => r.slug,
    ),
  );
  if (!taken.has(wanted)) return wanted;
  for (let n = 2; ; n++) if (!taken.has(`${wanted}-${n}`)) return `${wanted}-${n}`;
}

export type Merged = Omit<EventInput, 'clubId'>;

export async function writeEventColumns(
  db: Db,
  row: EventRow,
  merged: Merged,
  night: { from: Date; to: Date },
) {
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

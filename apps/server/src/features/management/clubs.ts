// Creating, editing and archiving clubs. An admin may do it for any club; a CEO creates clubs they then own,
// and edits the clubs they own. Every change is written with its audit entry in one transaction.
import { foldForSearch, type ClubInput, type ManagedClub, type Weekday } from '@nocturna/shared';
import { type clubUpdateSchema } from '@nocturna/shared';
import type { z } from 'zod';
import { uuidv7 } from 'uuidv7';
import type { Db } from '../../db/connect.ts';
import type { Selectable } from 'kysely';
import type { ClubsTable } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { hasRole } from '../../auth/roles.ts';
import { insertStaff, requireClubManager } from '../club-staff/index.ts';
import { changedFields, writeAudit, type Actor } from './audit.ts';
import { isUniqueViolation, slugTaken } from './errors.ts';
import * as clock from '../../clock.ts';

type ClubUpdate = z.infer<typeof clubUpdateSchema>;
const listOf = (text: string) => (text ? text.split(',') : []);

export function toManagedClub(row: Selectable<ClubsTable>): ManagedClub {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    barrio: row.barrio,
    address: row.address,
    latitude: row.latitude,
    longitude: row.longitude,
    description: row.description,
    genres: listOf(row.genre_list),
    openingDays: listOf(row.opening_days) as Weekday[],
    openingHours: row.opening_hours,
    minimumAge: row.minimum_age,
    dressCode: row.dress_code,
    priceRange: row.price_range,
    capacity: row.capacity,
    instagram: row.instagram,
    website: row.website,
    logoURL: row.logo_url,
    coverURL: row.cover_url,
    archived: row.archived_at !== null,
    refundOnRefusal: Boolean(row.refund_on_refusal),
  };
}

// The columns a club's input sets, with what is derived from them (search text, genre list).
function clubColumns(input: ClubInput) {
  const genres = [...new Set(input.genres.map((g) => g.toLowerCase()))].sort();
  return {
    slug: input.slug,
    name: input.name,
    barrio: input.barrio,
    address: input.address,
    latitude: input.latitude,
    longitude: input.longitude,
    description: input.description,
    opening_days: input.openingDays.join(','),
    opening_hours: input.openingHours,
    minimum_age: input.minimumAge,
    dress_code: input.dressCode,
    price_range: input.priceRange,
    capacity: input.capacity,
    instagram: input.instagram?.replace(/^@/, '') || null,
    website: input.website || null,
    search_text: foldForSearch([input.name, input.barrio, ...genres].join(' ')),
    genre_list: genres.join(','),
  };
}

export async function findClubRow(db: Db, idOrSlug: string) {
  return db
    .selectFrom('clubs')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', idOrSlug), eb('slug', '=', idOrSlug)]))
    .executeTakeFirst();
}

export async function managedClubOr404(db: Db, actor: Actor, idOrSlug: string) {
  const row = await findClubRow(db, idOrSlug);
  if (!row) throw notFound('La discoteca', 'CLUB_NOT_FOUND');
  await requireClubManager(db, actor, row.id);
  return row;
}

async function writeGenres(db: Db, clubId: string, genreList: string) {
  await db.deleteFrom('club_genres').where('club_id', '=', clubId).execute();
  const genres = listOf(genreList);
  if (genres.length)
    await db
      .insertInto('club_genres')
      .values(genres.map((genre) => ({ club_id: clubId, genre })))
      .execute();
}

export async function createClub(db: Db, actor: Actor, input: ClubInput): Promise<ManagedClub> {
  const [admin, ceo] = await Promise.all([hasRole(db, actor.id, 'admin'), hasRole(db, actor.id, 'ceo')]);
  if (!admin && !ceo)
    throw new AppError(403, 'FORBIDDEN', 'Solo un administrador o un CEO pueden dar de alta una discoteca.');
  const id = uuidv7();
  const at = clock.now().toISOString();
  const columns = clubColumns(input);
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('clubs')
        .values({
          id,
          ...columns,
          city: 'Madrid',
          logo_url: `/media/clubs/${id}/logo.svg`,
          cover_url: `/media/clubs/${id}/cover.svg`,
          brand_color: '#a855f7',
          created_at: at,
          archived_at: null,
        })
        .execute();
      await writeGenres(trx, id, columns.genre_list);
      // A CEO who opens a club runs it from then on.
      if (!admin)
        await insertStaff(trx, { clubId: id, userId: actor.id, role: 'owner', addedBy: actor.id, at });
      await writeAudit(trx, {
        actor,
        clubId: id,
        entity: 'club',
        entityId: id,
        action: 'create',
        after: input,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error, 'slug')) throw slugTaken('club');
    throw error;
  }
  return toManagedClub((await findClubRow(db, id))!);
}

export async function updateClub(
  db: Db,
  actor: Actor,
  idOrSlug: string,
  patch: ClubUpdate,
): Promise<ManagedClub> {
  const row = await managedClubOr404(db, actor, idOrSlug);
  const current = toManagedClub(row);
  const merged: ClubInput = {
    name: patch.name ?? current.name,
    slug: patch.slug ?? current.slug,
    barrio: patch.barrio ?? (current.barrio as ClubInput['barrio']),
    address: patch.address ?? current.address,
    latitude: patch.latitude ?? current.latitude,
    longitude: patch.longitude ?? current.longitude,
    description: patch.description ?? current.description,
    genres: patch.genres ?? (current.genres as ClubInput['genres']),
    openingDays: patch.openingDays ?? current.openingDays,
    openingHours: patch.openingHours ?? current.openingHours,
    minimumAge: patch.minimumAge ?? current.minimumAge,
    dressCode: patch.dressCode ?? current.dressCode,
    priceRange: patch.priceRange ?? current.priceRange,
    capacity: patch.capacity ?? current.capacity,
    instagram: patch.instagram === undefined ? current.instagram : patch.instagram,
    website: patch.website === undefined ? current.website : patch.website,
  };
  const refundOnRefusal = patch.refundOnRefusal ?? current.refundOnRefusal;
  const columns = { ...clubColumns(merged), refund_on_refusal: refundOnRefusal };
  const diff = changedFields(
    { ...current, instagram: current.instagram, website: current.website },
    {
      ...merged,
      refundOnRefusal,
      genres: columns.genre_list ? columns.genre_list.split(',') : [],
      instagram: columns.instagram,
      website: columns.website,
    },
  );
  if (!diff) return current;
  try {
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('clubs').set(columns).where('id', '=', row.id).execute();
      await writeGenres(trx, row.id, columns.genre_list);
      // An event's search text carries its club's name.
      if (merged.name !== current.name) await refreshEventSearchText(trx, row.id, current.name, merged.name);
      await writeAudit(trx, {
        actor,
        clubId: row.id,
        entity: 'club',
        entityId: row.id,
        action: 'update',
        ...diff,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error, 'slug')) throw slugTaken('club');
    throw error;
  }
  return toManagedClub((await findClubRow(db, row.id))!);
}

async function refreshEventSearchText(db: Db, clubId: string, oldName: string, newName: string) {
  const events = await db
    .selectFrom('events')
    .select(['id', 'search_text'])
    .where('club_id', '=', clubId)
    .execute();
  const from = foldForSearch(oldName);
  const to = foldForSearch(newName);
  for (const e of events)
    await db
      .updateTable('events')
      .set({ search_text: e.search_text.replace(from, to) })
      .where('id', '=', e.id)
      .execute();
}

// A club with events is archived (it leaves the lists; its pages and figures stay); one without is deleted.
// Admins only: a CEO cannot make their own club disappear.
export async function archiveClub(
  db: Db,
  actor: Actor,
  idOrSlug: string,
): Promise<{ archived: boolean; deleted: boolean }> {
  if (!(await hasRole(db, actor.id, 'admin')))
    throw new AppError(403, 'FORBIDDEN', 'Solo un administrador puede archivar o borrar una discoteca.');
  const row = await findClubRow(db, idOrSlug);
  if (!row) throw notFound('La discoteca', 'CLUB_NOT_FOUND');
  return db.transaction().execute(async (trx) => {
    const events = await trx
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('club_id', '=', row.id)
      .executeTakeFirstOrThrow();
    const before = toManagedClub(row);
    if (Number(events.n) > 0) {
      await trx
        .updateTable('clubs')
        .set({ archived_at: clock.now().toISOString() })
        .where('id', '=', row.id)
        .execute();
      await writeAudit(trx, {
        actor,
        clubId: row.id,
        entity: 'club',
        entityId: row.id,
        action: 'archive',
        before: { archived: false },
        after: { archived: true },
      });
      return { archived: true, deleted: false };
    }
    await trx.deleteFrom('club_genres').where('club_id', '=', row.id).execute();
    await trx.deleteFrom('clubs').where('id', '=', row.id).execute();
    await writeAudit(trx, {
      actor,
      clubId: row.id,
      entity: 'club',
      entityId: row.id,
      action: 'delete',
      before,
    });
    return { archived: false, deleted: true };
  });
}

export async function unarchiveClub(db: Db, actor: Actor, idOrSlug: string): Promise<ManagedClub> {
  if (!(await hasRole(db, actor.id, 'admin')))
    throw new AppError(403, 'FORBIDDEN', 'Solo un administrador puede recuperar una discoteca archivada.');
  const row = await findClubRow(db, idOrSlug);
  if (!row) throw notFound('La discoteca', 'CLUB_NOT_FOUND');
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('clubs').set({ archived_at: null }).where('id', '=', row.id).execute();
    await writeAudit(trx, {
      actor,
      clubId: row.id,
      entity: 'club',
      entityId: row.id,
      action: 'unarchive',
      before: { archived: true },
      after: { archived: false },
    });
  });
  return toManagedClub((await findClubRow(db, row.id))!);
}

export async function listManagedClubs(db: Db, clubIds: string[] | null): Promise<ManagedClub[]> {
  let q = db.selectFrom('clubs').selectAll().orderBy('name').orderBy('id');
  if (clubIds) q = q.where('id', 'in', clubIds.length ? clubIds : ['']);
  return (await q.execute()).map(toManagedClub);
}

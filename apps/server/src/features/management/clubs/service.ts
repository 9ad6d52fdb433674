// Creating, editing and archiving clubs. An admin may do it for any club; a CEO creates clubs they then own,
// and edits the clubs they own. Every change is written with its audit entry in one transaction.
import { type ClubInput, type ManagedClub } from '@nocturna/shared';
import { type clubUpdateSchema } from '@nocturna/shared';
import type { z } from 'zod';
import { uuidv7 } from 'uuidv7';
import type { Db } from '../../../db/connect.ts';
import { AppError, notFound } from '../../../http/errors.ts';
import { hasRole } from '../../../auth/roles.ts';
import { insertStaff, requireClubManager } from '../../club-staff/index.ts';
import { changedFields, writeAudit, type Actor } from '../audit/repository.ts';
import { isUniqueViolation, slugTaken } from '../errors.ts';
import {
  clubColumns,
  findClubRow,
  refreshEventSearchText,
  toManagedClub,
  writeGenres,
} from './repository.ts';
import * as clock from '../../../clock.ts';

type ClubUpdate = z.infer<typeof clubUpdateSchema>;

export async function managedClubOr404(db: Db, actor: Actor, idOrSlug: string) {
  const row = await findClubRow(db, idOrSlug);
  if (!row) throw notFound('La discoteca', 'CLUB_NOT_FOUND');
  await requireClubManager(db, actor, row.id);
  return row;
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

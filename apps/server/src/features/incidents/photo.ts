// An incident's photo: any photo through the image pipeline (type by content, EXIF and GPS stripped), at most
// 1600 px wide in WebP, kept through the storage interface under a new random name. Only the person who logged
// the incident (or the club's CEO, an admin) adds it; the club's CEO, admins and whoever logged it read it.
import { uuidv7 } from 'uuidv7';
import type { Db } from '../../db/connect.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { encodeUpload } from '../profiles/index.ts';
import { canScanClub } from '../club-staff/index.ts';
import { requireIncidentReader } from './access.ts';

const PHOTO_PX = 1600;
export const incidentPhotoKey = (name: string) => `incidents/${name}`;
export const incidentPhotoUrl = (clubId: string, incidentId: string) =>
  `/api/clubs/${clubId}/incidents/${incidentId}/photo`;

async function findIncident(db: Db, incidentId: string) {
  const incident = await db
    .selectFrom('incidents')
    .select(['id', 'club_id', 'reported_by', 'photo_key'])
    .where('id', '=', incidentId)
    .executeTakeFirst();
  if (!incident) throw notFound('El incidente', 'INCIDENT_NOT_FOUND');
  return incident;
}

// Whoever logged the incident, while they still work the club's door: removed from the staff, they are a
// stranger to its incidents like anyone else.
async function reporterStillAtDoor(
  db: Db,
  actor: { id: string },
  incident: { reported_by: string | null; club_id: string },
): Promise<boolean> {
  return incident.reported_by === actor.id && (await canScanClub(db, actor.id, incident.club_id));
}

export async function setIncidentPhoto(
  db: Db,
  storage: FileStorage,
  actor: { id: string },
  incidentId: string,
  upload: Buffer,
): Promise<{ photoUrl: string }> {
  const incident = await findIncident(db, incidentId);
  if (!(await reporterStillAtDoor(db, actor, incident)))
    await requireIncidentReader(db, actor, incident.club_id);
  const data = await encodeUpload(upload, (image) =>
    image
      .resize({ width: PHOTO_PX, height: PHOTO_PX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer(),
  );
  const name = `${uuidv7()}.webp`;
  await storage.put(incidentPhotoKey(name), data);
  // One photo per incident: the first one stays, a second upload is refused and its file removed.
  const set = await db
    .updateTable('incidents')
    .set({ photo_key: name })
    .where('id', '=', incidentId)
    .where('photo_key', 'is', null)
    .executeTakeFirst();
  if (Number(set.numUpdatedRows) === 0) {
    await storage.remove(incidentPhotoKey(name)).catch(() => undefined);
    throw new AppError(409, 'INCIDENT_HAS_PHOTO', 'Este incidente ya tiene una foto.', { field: 'file' });
  }
  return { photoUrl: incidentPhotoUrl(incident.club_id, incident.id) };
}

export async function readIncidentPhoto(
  db: Db,
  storage: FileStorage,
  actor: { id: string },
  clubId: string,
  incidentId: string,
): Promise<Buffer> {
  const incident = await findIncident(db, incidentId);
  // Who logged it sees their own photo; everyone else must run the club.
  const clubOk =
    incident.club_id === clubId && (await reporterStillAtDoor(db, actor, incident))
      ? true
      : (await requireIncidentReader(db, actor, clubId)).id === incident.club_id;
  if (!clubOk || !incident.photo_key) throw notFound('La foto', 'IMAGE_NOT_FOUND');
  const file = await storage.read(incidentPhotoKey(incident.photo_key));
  if (!file) throw notFound('La foto', 'IMAGE_NOT_FOUND');
  return file;
}

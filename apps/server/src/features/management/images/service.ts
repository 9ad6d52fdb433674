// A club's logo and cover and an event's cover, uploaded by the people who run them: checked by content,
// stripped of metadata and stored as WebP (covers at the poster widths, cropped to 1200×630; logos 256 px
// square) through the storage interface. Each upload gets a new random name, so a stored file never changes
// and the old one is removed once the row points at the new one.
import { POSTER_WIDTHS } from '@nocturna/shared/constants';
import sharp from 'sharp';
import { uuidv7 } from 'uuidv7';
import type { Db } from '../../../db/connect.ts';
import type { FileStorage } from '../../../storage/file-storage.ts';
import { encodeUpload } from '../../profiles/index.ts';
import { writeAudit, type Actor } from '../audit/repository.ts';
import { managedClubOr404 } from '../clubs/service.ts';
import { managedEventOr404 } from '../events/service.ts';
import * as clock from '../../../clock.ts';

export const COVER_URL_PREFIX = '/media/covers/';
export const LOGO_URL_PREFIX = '/media/logos/';
const POSTER = { width: 1200, height: 630 };
const LOGO_PX = 256;

export const coverKey = (id: string, width: number) => `covers/${id}-${width}.webp`;
export const logoKey = (id: string) => `logos/${id}.webp`;

async function storeCover(storage: FileStorage, upload: Buffer): Promise<string> {
  const id = uuidv7();
  const full = await encodeUpload(upload, (image) =>
    image
      .resize(POSTER.width, POSTER.height, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer(),
  );
  try {
    for (const width of POSTER_WIDTHS) {
      const data =
        width === POSTER.width ? full : await sharp(full).resize({ width }).webp({ quality: 80 }).toBuffer();
      await storage.put(coverKey(id, width), data);
    }
  } catch (error) {
    // A full disk or a storage error half-way: the sizes already written go too, nothing is left half-stored.
    await removeCover(storage, id).catch(() => undefined);
    throw error;
  }
  return id;
}

async function storeLogo(storage: FileStorage, upload: Buffer): Promise<string> {
  const id = uuidv7();
  const data = await encodeUpload(upload, (image) =>
    image.resize(LOGO_PX, LOGO_PX, { fit: 'cover', position: 'centre' }).webp({ quality: 85 }).toBuffer(),
  );
  await storage.put(logoKey(id), data);
  return id;
}

async function removeStored(storage: FileStorage, url: string) {
  if (url.startsWith(COVER_URL_PREFIX)) {
    const id = url.slice(COVER_URL_PREFIX.length).replace(/\.webp$/, '');
    for (const width of POSTER_WIDTHS) await storage.remove(coverKey(id, width));
  } else if (url.startsWith(LOGO_URL_PREFIX)) {
    await storage.remove(logoKey(url.slice(LOGO_URL_PREFIX.length).replace(/\.webp$/, '')));
  }
}

async function removeCover(storage: FileStorage, id: string) {
  for (const width of POSTER_WIDTHS) await storage.remove(coverKey(id, width));
}

export async function setClubImage(
  db: Db,
  storage: FileStorage,
  actor: Actor,
  clubIdOrSlug: string,
  kind: 'logo' | 'cover',
  upload: Buffer,
): Promise<{ url: string }> {
  const club = await managedClubOr404(db, actor, clubIdOrSlug);
  const id = kind === 'cover' ? await storeCover(storage, upload) : await storeLogo(storage, upload);
  const url = `${kind === 'cover' ? COVER_URL_PREFIX : LOGO_URL_PREFIX}${id}.webp`;
  const before = kind === 'cover' ? club.cover_url : club.logo_url;
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('clubs')
        .set(kind === 'cover' ? { cover_url: url } : { logo_url: url })
        .where('id', '=', club.id)
        .execute();
      await writeAudit(trx, {
        actor,
        clubId: club.id,
        entity: 'club',
        entityId: club.id,
        action: 'update',
        before: { [kind]: before },
        after: { [kind]: url },
      });
    });
  } catch (error) {
    await (kind === 'cover' ? removeCover(storage, id) : storage.remove(logoKey(id)));
    throw error;
  }
  await removeStored(storage, before);
  return { url };
}

export async function setEventCover(
  db: Db,
  storage: FileStorage,
  actor: Actor,
  eventIdOrSlug: string,
  upload: Buffer,
): Promise<{ url: string }> {
  const event = await managedEventOr404(db, actor, eventIdOrSlug);
  const id = await storeCover(storage, upload);
  const url = `${COVER_URL_PREFIX}${id}.webp`;
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('events')
        .set({ cover_url: url, updated_at: clock.now().toISOString() })
        .where('id', '=', event.id)
        .execute();
      await writeAudit(trx, {
        actor,
        clubId: event.club_id,
        entity: 'event',
        entityId: event.id,
        action: 'update',
        before: { cover: event.cover_url },
        after: { cover: url },
      });
    });
  } catch (error) {
    await removeCover(storage, id);
    throw error;
  }
  // A duplicated event shares its source's uploaded cover: the file stays while another event still shows it.
  const stillUsed = await db
    .selectFrom('events')
    .select('id')
    .where('cover_url', '=', event.cover_url)
    .executeTakeFirst();
  if (!stillUsed) await removeStored(storage, event.cover_url);
  return { url };
}

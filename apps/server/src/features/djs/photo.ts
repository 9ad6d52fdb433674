// A DJ's own profile photo (not their account avatar): any photo through the image pipeline (type by content,
// HEIC too, EXIF and GPS stripped), cut to an 800 px square WebP and kept through the storage interface. Each
// upload gets a new random name, so a stored photo never changes; the previous one is removed once the profile
// points at the new one.
import { uuidv7 } from 'uuidv7';
import type { Db } from '../../db/connect.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { encodeUpload } from '../profiles/index.ts';
import { ensureProfile } from './service.ts';
import * as clock from '../../clock.ts';

export const DJ_PHOTO_URL_PREFIX = '/media/djs/';
const DJ_PHOTO_PX = 800;
export const djPhotoKey = (name: string) => `djs/${name}`;

const ownFile = (url: string | null) =>
  url?.startsWith(DJ_PHOTO_URL_PREFIX) ? url.slice(DJ_PHOTO_URL_PREFIX.length) : null;

export async function setDjPhoto(
  db: Db,
  storage: FileStorage,
  userId: string,
  upload: Buffer,
): Promise<{ url: string }> {
  const before = (await ensureProfile(db, userId)).photo_url;
  const data = await encodeUpload(upload, (image) =>
    image
      .resize(DJ_PHOTO_PX, DJ_PHOTO_PX, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer(),
  );
  const name = `${uuidv7()}.webp`;
  await storage.put(djPhotoKey(name), data);
  const url = `${DJ_PHOTO_URL_PREFIX}${name}`;
  try {
    await db
      .updateTable('dj_profiles')
      .set({ photo_url: url, updated_at: clock.now().toISOString() })
      .where('user_id', '=', userId)
      .execute();
  } catch (error) {
    await storage.remove(djPhotoKey(name)).catch(() => undefined);
    throw error;
  }
  const old = ownFile(before);
  if (old) await storage.remove(djPhotoKey(old)).catch(() => undefined);
  return { url };
}

// Back to no photo (the page shows the DJ's initials); their account avatar is not touched.
export async function removeDjPhoto(db: Db, storage: FileStorage, userId: string): Promise<{ url: null }> {
  const before = (await ensureProfile(db, userId)).photo_url;
  await db
    .updateTable('dj_profiles')
    .set({ photo_url: null, updated_at: clock.now().toISOString() })
    .where('user_id', '=', userId)
    .execute();
  const old = ownFile(before);
  if (old) await storage.remove(djPhotoKey(old)).catch(() => undefined);
  return { url: null };
}

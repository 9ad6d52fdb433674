// The wall's image pipeline: each photo is checked by its bytes (JPEG, PNG, WebP or HEIC, through the same decoder
// as avatars and covers), turned upright, and written as WebP in two sizes with no metadata at all (sharp writes
// none unless asked, so EXIF and GPS never reach storage). Either both photos are stored, all four files, or none.
import { encodeUpload } from '../profiles/index.ts';
import { AppError } from '../../http/errors.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { WALL_VARIANTS, wallStorageKey, type WallSide } from './media-links.ts';

const SIZES = { thumb: 480, full: 1440 } as const;
// libwebp's encoder effort (0 fastest … 6 smallest; sharp's default is 4). At 2 a snapshot's four files take about
// a third of the CPU for files within a few per cent of the size: a wall at 5 snapshots a second on two cores
// keeps up instead of queueing (bench/wall.bench.ts).
const WEBP_EFFORT = 2;

export type ProcessedPhoto = { thumb: Buffer; full: Buffer };

async function processOne(upload: Buffer, side: WallSide): Promise<ProcessedPhoto> {
  try {
    const full = await encodeUpload(upload, (image) =>
      image
        .resize(SIZES.full, SIZES.full, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80, effort: WEBP_EFFORT })
        .toBuffer(),
    );
    const thumb = await encodeUpload(full, (image) =>
      image
        .resize(SIZES.thumb, SIZES.thumb, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 74, effort: WEBP_EFFORT })
        .toBuffer(),
    );
    return { thumb, full };
  } catch (error) {
    // The decoder names the field "file"; here the person needs to know which of the two photos failed.
    if (error instanceof AppError)
      throw new AppError(error.status, error.code, `${sideLabel(side)}: ${error.message}`, { field: side });
    throw error;
  }
}

const sideLabel = (side: WallSide) => (side === 'front' ? 'Foto frontal' : 'Foto trasera');

export async function processSnapshotPhotos(front: Buffer, back: Buffer) {
  const [f, b] = await Promise.all([processOne(front, 'front'), processOne(back, 'back')]);
  return { front: f, back: b };
}

export async function storeSnapshotPhotos(
  storage: FileStorage,
  mediaId: string,
  photos: { front: ProcessedPhoto; back: ProcessedPhoto },
): Promise<void> {
  try {
    for (const { side, size } of WALL_VARIANTS)
      await storage.put(wallStorageKey(mediaId, side, size), photos[side][size]);
  } catch (error) {
    await removeSnapshotPhotos(storage, mediaId).catch(() => undefined);
    throw error;
  }
}

export async function removeSnapshotPhotos(storage: FileStorage, mediaId: string): Promise<void> {
  for (const { side, size } of WALL_VARIANTS) await storage.remove(wallStorageKey(mediaId, side, size));
}

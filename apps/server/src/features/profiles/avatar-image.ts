// Turns an uploaded photo into the avatar we keep: the format read from the bytes (not the file name or the
// browser's type), turned upright, cut to a 512 px square and written as WebP. sharp writes no metadata unless
// asked, so EXIF (GPS position, camera, date), XMP and IPTC never reach the stored file.
// sharp's prebuilt libvips reads HEIC headers but cannot decode HEVC, so HEIC pixels come from libheif in
// WebAssembly (heic-decode) in a worker thread, at most two at a time.
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { AVATAR_SIZE_PX } from '@nocturna/shared';
import { AppError } from '../../http/errors.ts';

// A 48 MP phone photo is fine; a pixel bomb is not.
const MAX_INPUT_PIXELS = 64_000_000;
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'heif']);

const unsupported = () => new AppError(415, 'UNSUPPORTED_IMAGE', 'Sube una foto JPEG, PNG, WebP o HEIC.', { field: 'file' });
const unreadable = () => new AppError(400, 'INVALID_IMAGE', 'No hemos podido leer esa foto. Prueba con otra.', { field: 'file' });
const tooManyPixels = () => new AppError(400, 'IMAGE_TOO_LARGE', 'La foto tiene demasiados píxeles (máximo 64 megapíxeles).', { field: 'file' });

let heicSlots = 2;
const heicQueue: (() => void)[] = [];

async function withHeicSlot<T>(work: () => Promise<T>): Promise<T> {
  if (heicSlots === 0) await new Promise<void>((resolve) => heicQueue.push(resolve));
  else heicSlots--;
  try {
    return await work();
  } finally {
    const next = heicQueue.shift();
    if (next) next();
    else heicSlots++;
  }
}

type Decoded = { ok: true; width: number; height: number; data: Uint8ClampedArray } | { ok: false; message: string };

function decodeHeic(input: Buffer): Promise<{ width: number; height: number; data: Uint8ClampedArray }> {
  return withHeicSlot(
    () =>
      new Promise((resolve, reject) => {
        const worker = new Worker(new URL('./heic-worker.ts', import.meta.url), { workerData: new Uint8Array(input) });
        worker.once('message', (result: Decoded) => {
          void worker.terminate();
          if (result.ok) resolve(result);
          else reject(unreadable());
        });
        worker.once('error', () => reject(unreadable()));
      }),
  );
}

function toAvatar(image: sharp.Sharp): Promise<Buffer> {
  return image
    .rotate()
    .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover', position: 'centre' })
    .webp({ quality: 82 })
    .toBuffer();
}

export async function avatarFromUpload(input: Buffer): Promise<Buffer> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(input).metadata();
  } catch {
    throw unsupported();
  }
  if (!meta.format || !ACCEPTED.has(meta.format)) throw unsupported();
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) throw tooManyPixels();
  try {
    if (meta.format === 'heif' && meta.compression === 'hevc') {
      const { width, height, data } = await decodeHeic(input);
      return await toAvatar(sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels: 4 } }));
    }
    return await toAvatar(sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }));
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadable();
  }
}

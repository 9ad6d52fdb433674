// Turns an uploaded photo into the avatar we keep: the format read from the bytes (not the file name or the
// browser's type), turned upright, cut to a 512 px square and written as WebP. sharp writes no metadata unless
// asked, so EXIF (GPS position, camera, date), XMP and IPTC never reach the stored file.
// sharp's prebuilt libvips reads HEIC headers but cannot decode HEVC, so HEIC pixels come from libheif in
// WebAssembly (heic-decode) in a worker thread (heic-decoder.ts).
import sharp from 'sharp';
import { AVATAR_SIZE_PX } from '@nocturna/shared';
import { AppError } from '../../http/errors.ts';
import { decodeHeic } from './heic-decoder.ts';

// A 48 MP phone photo is fine; a pixel bomb is not.
const MAX_INPUT_PIXELS = 64_000_000;
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'heif']);

const unsupported = () =>
  new AppError(415, 'UNSUPPORTED_IMAGE', 'Sube una foto JPEG, PNG, WebP o HEIC.', { field: 'file' });
const unreadable = () =>
  new AppError(400, 'INVALID_IMAGE', 'No hemos podido leer esa foto. Prueba con otra.', { field: 'file' });
const tooManyPixels = () =>
  new AppError(400, 'IMAGE_TOO_LARGE', 'La foto tiene demasiados píxeles (máximo 64 megapíxeles).', {
    field: 'file',
  });

function toAvatar(image: sharp.Sharp): Promise<Buffer> {
  return image
    .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover', position: 'centre' })
    .webp({ quality: 82 })
    .toBuffer();
}

// Any uploaded photo, checked by its bytes and decoded (HEIC too), turned upright, as a sharp pipeline the caller
// sizes. Avatars, club logos and covers, event covers all go through here.
export async function decodeUpload(input: Buffer): Promise<sharp.Sharp> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(input).metadata();
  } catch {
    throw unsupported();
  }
  if (!meta.format || !ACCEPTED.has(meta.format)) throw unsupported();
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) throw tooManyPixels();
  if (meta.format === 'heif' && meta.compression === 'hevc') {
    const { width, height, data } = await decodeHeic(input).catch(() => Promise.reject(unreadable()));
    return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), {
      raw: { width, height, channels: 4 },
    });
  }
  return sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
}

// Runs the caller's sizing; a file that fails half-way through decoding is "unreadable", never a 500.
export async function encodeUpload(
  input: Buffer,
  encode: (image: sharp.Sharp) => Promise<Buffer>,
): Promise<Buffer> {
  const image = await decodeUpload(input);
  try {
    return await encode(image);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadable();
  }
}

export async function avatarFromUpload(input: Buffer): Promise<Buffer> {
  return encodeUpload(input, toAvatar);
}

// Addresses of wall photos. A photo of a public gallery that everyone may see has a plain, cacheable address;
// any other (an attendees-only gallery, a snapshot still pending or hidden) gets a short-lived signed one:
// ?exp=<unix seconds>&sig=<HMAC>. The media route checks the signature and the expiry, and then again that the
// person asking may see that snapshot, so a copied link fails for anyone else and for everyone once expired.
import crypto from 'node:crypto';
import * as clock from '../../clock.ts';

export const WALL_MEDIA_PREFIX = '/media/wall/';
export const WALL_LINK_TTL_S = 15 * 60;
// Expiries are rounded up to this step so one viewer's URLs stay the same for a while (the browser's cache works).
const STEP_S = 5 * 60;

export type WallSide = 'front' | 'back';
export type WallSize = 'thumb' | 'full';
export const WALL_VARIANTS: readonly { side: WallSide; size: WallSize }[] = [
  { side: 'front', size: 'thumb' },
  { side: 'front', size: 'full' },
  { side: 'back', size: 'thumb' },
  { side: 'back', size: 'full' },
];

export const wallFileName = (mediaId: string, side: WallSide, size: WallSize) =>
  `${mediaId}-${side}-${size}.webp`;
export const wallStorageKey = (mediaId: string, side: WallSide, size: WallSize) =>
  `wall/${wallFileName(mediaId, side, size)}`;

export const WALL_FILE_NAME = /^([A-Za-z0-9_-]{1,80})-(front|back)-(thumb|full)\.webp$/;

export function mediaSigningKey(authSecret: string): Buffer {
  return crypto.createHmac('sha256', authSecret).update('nocturna-wall-media-v1').digest();
}

export function signature(key: Buffer, fileName: string, exp: number): string {
  return crypto.createHmac('sha256', key).update(`${fileName}:${exp}`).digest('base64url');
}

export function signedPath(key: Buffer, fileName: string, now: Date = clock.now()): string {
  const seconds = Math.floor(now.getTime() / 1000) + WALL_LINK_TTL_S;
  const exp = Math.ceil(seconds / STEP_S) * STEP_S;
  return `${WALL_MEDIA_PREFIX}${fileName}?exp=${exp}&sig=${signature(key, fileName, exp)}`;
}

export type LinkCheck = 'ok' | 'missing' | 'invalid' | 'expired';

export function checkLink(
  key: Buffer,
  fileName: string,
  exp: number | undefined,
  sig: string | undefined,
  now: Date = clock.now(),
): LinkCheck {
  if (exp === undefined || !sig) return 'missing';
  const expected = Buffer.from(signature(key, fileName, exp));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return 'invalid';
  if (exp * 1000 < now.getTime()) return 'expired';
  return 'ok';
}

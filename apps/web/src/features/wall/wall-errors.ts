// The wall's refusals and errors in the reader's language: the server answers in Spanish with a code (and a
// reason for who may not post), and the page words each known one from wall.json; an unknown code keeps the
// server's own message, so nothing new is ever shown blank.
import type { TFunction } from 'i18next';
import type { WallInfo } from '@nocturna/shared';
import { WALL_CAPTION_MAX_LENGTH, WALL_MAX_PER_EVENT } from '@nocturna/shared/wall-constants';
import { ApiRequestError } from '../../lib/api-client.ts';
import type { Locale } from '../../lib/catalogue-format.ts';
import { longTime } from './wall-format.ts';

type WallT = TFunction<'wall'>;

const REASONS = ['sign_in', 'no_ticket', 'not_open', 'closed', 'limit_reached', 'event_not_live'] as const;

// Why this viewer cannot post now (info.viewer.reason), or null when they can.
export function postingReasonText(t: WallT, info: WallInfo, locale: Locale): string | null {
  const { reason, reasonMessage } = info.viewer;
  if (!reason) return reasonMessage;
  if (!(REASONS as readonly string[]).includes(reason)) return reasonMessage;
  return t(`reasons.${reason}`, {
    date: longTime(info.opensAt, locale),
    max: WALL_MAX_PER_EVENT,
  });
}

const CODES = [
  'WALL_SIGN_IN',
  'WALL_NO_TICKET',
  'WALL_NOT_OPEN',
  'WALL_CLOSED',
  'WALL_LIMIT_REACHED',
  'WALL_EVENT_NOT_LIVE',
  'WALL_TOO_SOON',
  'WALL_ATTENDEES_ONLY',
  'WALL_PHOTO_FORBIDDEN',
  'IMAGE_TOO_LARGE',
  'IMAGE_TOO_MANY_PIXELS',
  'UNSUPPORTED_IMAGE',
  'INVALID_IMAGE',
  'MULTIPART_REQUIRED',
  'ALREADY_REPORTED',
  'OWN_SNAPSHOT',
  'SNAPSHOT_NOT_FOUND',
  'NOT_SNAPSHOT_AUTHOR',
  'NOT_WALL_MODERATOR',
  'UNAUTHENTICATED',
  'EVENT_NOT_FOUND',
] as const;
type Code = (typeof CODES)[number];

const seconds = (details: unknown): number | undefined => {
  const value = (details as { retryAfterSeconds?: unknown } | null | undefined)?.retryAfterSeconds;
  return typeof value === 'number' ? value : undefined;
};

// The toast for a failed wall request: a known code in the reader's language (with the photo it is about, the
// wait, the limits), an unknown one as the server said it, anything that is not an API answer as `fallback`.
export function wallErrorText(t: WallT, error: unknown, fallback: string): string {
  if (!(error instanceof ApiRequestError)) return fallback;
  // 413 is the upload's 10 MB; the decoder's 400 with the same code is about pixels.
  const code =
    error.code === 'IMAGE_TOO_LARGE' && error.status !== 413 ? 'IMAGE_TOO_MANY_PIXELS' : error.code;
  if (error.field === 'caption') return t('errors.caption', { max: WALL_CAPTION_MAX_LENGTH });
  if (!(CODES as readonly string[]).includes(code)) return error.message || fallback;
  const side = error.field === 'front' || error.field === 'back' ? t(`post.${error.field}`) : null;
  const text = t(`errors.${code as Code}`, {
    seconds: seconds(error.details) ?? 30,
    max: WALL_MAX_PER_EVENT,
  });
  return side && code !== 'WALL_TOO_SOON' ? t('errors.onPhoto', { side, text }) : text;
}

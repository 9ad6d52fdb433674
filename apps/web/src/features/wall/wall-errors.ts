// The wall's refusals and errors in the reader's language: the server answers in Spanish with a code (and a
// reason for who may not post); the page words a reason from wall.json, and a refused request from the errors
// catalogue (lib/error-text.ts), with the wall's own words where they say more.
import type { TFunction } from 'i18next';
import type { WallInfo } from '@nocturna/shared';
import { WALL_CAPTION_MAX_LENGTH, WALL_MAX_PER_EVENT } from '@nocturna/shared/wall-constants';
import { ApiRequestError } from '../../lib/api-client.ts';
import { errorCode, errorText, knownErrorText } from '../../lib/error-text.ts';
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

// The wall's own words where they say more than the errors catalogue's: a photo's size limits (the upload's 10 MB
// and the decoder's 64 megapixels, which the API answers under one code) and how many photos one may post.
const OWN = ['IMAGE_TOO_LARGE', 'IMAGE_TOO_MANY_PIXELS', 'WALL_LIMIT_REACHED'] as const;
type Own = (typeof OWN)[number];

// The toast for a failed wall request: the wall's own words or the catalogue's (lib/error-text.ts), with the photo
// it is about; a request that got no answer as "no connection"; anything else as `fallback`. Never the server's
// message.
export function wallErrorText(t: WallT, error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError && error.field === 'caption')
    return t('errors.caption', { max: WALL_CAPTION_MAX_LENGTH });
  const code = errorCode(error);
  // 413 is the upload's 10 MB; the decoder's 400 with the same code is about pixels.
  const own =
    code === 'IMAGE_TOO_LARGE' && error instanceof ApiRequestError && error.status !== 413
      ? 'IMAGE_TOO_MANY_PIXELS'
      : code;
  const text = (OWN as readonly string[]).includes(own ?? '')
    ? t(`errors.${own as Own}`, { max: WALL_MAX_PER_EVENT })
    : knownErrorText(t, error);
  if (!text) return errorText(t, error, fallback);
  const field = error instanceof ApiRequestError ? error.field : undefined;
  const side = field === 'front' || field === 'back' ? t(`post.${field}`) : null;
  return side && code !== 'WALL_TOO_SOON' ? t('errors.onPhoto', { side, text }) : text;
}

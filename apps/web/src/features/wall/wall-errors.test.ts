// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { WallInfo } from '@nocturna/shared';
import i18n from '../../i18n/index.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { postingReasonText, wallErrorText } from './wall-errors.ts';
import { longTime, snapshotTime } from './wall-format.ts';

const en = i18n.getFixedT('en', 'wall');
const es = i18n.getFixedT('es', 'wall');

const info = (reason: string | null, reasonMessage: string | null): WallInfo =>
  ({
    opensAt: '2026-12-05T22:00:00.000Z',
    viewer: { reason, reasonMessage },
  }) as unknown as WallInfo;

const apiError = (status: number, code: string, message: string, extra: object = {}) =>
  new ApiRequestError(status, { code, message, ...extra });

describe('postingReasonText: why one cannot post, in the reader’s language', () => {
  it('words every reason the server gives in English, not the server’s Spanish', () => {
    const spanish = 'Texto del servidor';
    for (const reason of ['sign_in', 'no_ticket', 'not_open', 'closed', 'limit_reached', 'event_not_live']) {
      const text = postingReasonText(en, info(reason, spanish), 'en-GB');
      expect(text).not.toBe(spanish);
      expect(text).toBe(
        en(`reasons.${reason}` as 'reasons.closed', {
          date: longTime('2026-12-05T22:00:00.000Z', 'en-GB'),
          max: 10,
        }),
      );
    }
    expect(postingReasonText(en, info('no_ticket', spanish), 'en-GB')).toBe(
      'Only people with a ticket for this event can post.',
    );
  });
  it('puts the opening date in the reader’s locale', () => {
    const opens = postingReasonText(en, info('not_open', 'x'), 'en-GB')!;
    expect(opens).toContain('Saturday');
    expect(opens).toContain('December');
    const abre = postingReasonText(es, info('not_open', 'x'), 'es-ES')!;
    expect(abre).toContain('sábado');
    expect(abre).toContain('diciembre');
    expect(postingReasonText(en, info('limit_reached', 'x'), 'en-GB')).toContain('10 photos');
  });
  it('keeps the server’s message for a reason it does not know, and says nothing when one can post', () => {
    expect(postingReasonText(en, info('new_reason', 'Razón nueva'), 'en-GB')).toBe('Razón nueva');
    expect(postingReasonText(en, info(null, null), 'en-GB')).toBeNull();
  });
});

describe('wallErrorText: failed wall requests as toasts', () => {
  it('says how long to wait, from the server’s retryAfterSeconds', () => {
    const error = apiError(429, 'WALL_TOO_SOON', 'Espera 17 s antes de publicar otra foto.', {
      details: { retryAfterSeconds: 17 },
    });
    expect(wallErrorText(en, error, 'generic')).toBe('Wait 17 s before posting another photo.');
    expect(wallErrorText(es, error, 'generic')).toBe('Espera 17 s antes de publicar otra foto.');
  });
  it('names the photo an image error is about', () => {
    expect(wallErrorText(en, apiError(413, 'IMAGE_TOO_LARGE', 'Cada foto…', { field: 'back' }), 'g')).toBe(
      'Back photo: Each photo can be 10 MB at most.',
    );
    expect(
      wallErrorText(en, apiError(415, 'UNSUPPORTED_IMAGE', 'Foto frontal: Sube…', { field: 'front' }), 'g'),
    ).toBe('Front photo: Upload a JPEG, PNG, WebP or HEIC photo.');
    expect(
      wallErrorText(en, apiError(400, 'IMAGE_TOO_LARGE', 'Foto frontal: píxeles', { field: 'front' }), 'g'),
    ).toBe('Front photo: The photo has too many pixels (64 megapixels at most).');
  });
  it('translates reports, own snapshots and caption errors', () => {
    expect(wallErrorText(en, apiError(409, 'ALREADY_REPORTED', 'Ya has denunciado esta foto.'), 'g')).toBe(
      'You have already reported this photo.',
    );
    expect(wallErrorText(en, apiError(400, 'OWN_SNAPSHOT', 'No puedes denunciar tu propia foto.'), 'g')).toBe(
      "You can't report your own photo.",
    );
    expect(
      wallErrorText(
        en,
        apiError(400, 'VALIDATION_ERROR', 'El texto no puede pasar…', { field: 'caption' }),
        'g',
      ),
    ).toBe('The caption can be up to 140 characters, with no control characters.');
    expect(wallErrorText(en, apiError(409, 'WALL_LIMIT_REACHED', 'Ya has publicado 10 fotos…'), 'g')).toBe(
      'You have posted 10 photos at this event, the maximum.',
    );
  });
  it('never shows the server’s message: an unknown code gets the fallback, a network failure "no connection"', () => {
    const unknown = wallErrorText(en, apiError(400, 'SOMETHING_NEW', 'Algo nuevo'), 'g');
    expect(unknown).toBe('g');
    expect(unknown).not.toContain('Algo nuevo');
    expect(wallErrorText(en, new TypeError('Failed to fetch'), 'Something went wrong')).toBe(
      "Can't reach the server. Check your connection.",
    );
    expect(wallErrorText(en, new Error('Algo nuevo'), 'Something went wrong')).toBe('Something went wrong');
  });
  it('words the wall’s refusals from the errors catalogue, with the photo they are about', () => {
    expect(wallErrorText(es, apiError(403, 'WALL_NO_TICKET', 'Solo pueden publicar…'), 'g')).toBe(
      'Solo pueden publicar quienes tienen entrada para este evento.',
    );
    expect(wallErrorText(en, apiError(429, 'WALL_TOO_SOON', 'Espera…'), 'g')).toBe(
      'Wait a few seconds before posting another photo.',
    );
    expect(
      wallErrorText(
        en,
        apiError(400, 'INVALID_IMAGE', 'Foto trasera: No hemos podido…', { field: 'back' }),
        'g',
      ),
    ).toBe("Back photo: We couldn't read that photo. Try another one.");
  });
  it('has an English and a Spanish text for every code it maps', () => {
    for (const code of Object.keys(i18n.getResourceBundle('es', 'wall').errors as object)) {
      expect(i18n.exists(`wall:errors.${code}`, { lng: 'en' })).toBe(true);
    }
  });
});

describe("the wall's times", () => {
  it("writes the wall's times as Intl's Europe/Madrid clock does, tonight's and older ones", () => {
    const intl = (iso: string, locale: string, options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat(locale, { timeZone: 'Europe/Madrid', ...options }).format(new Date(iso));
    const long = {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      hour: '2-digit',
      minute: '2-digit',
    } as const;
    const short = { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' } as const;
    const now = new Date('2026-12-07T02:00:00Z');
    for (const iso of [
      '2026-03-29T00:30:00Z',
      '2026-07-04T23:59:00Z',
      '2026-09-12T21:05:00Z',
      '2026-12-05T22:00:00Z',
    ]) {
      for (const locale of ['es-ES', 'en-GB'] as const) {
        expect(longTime(iso, locale), iso).toBe(intl(iso, locale, long));
        expect(snapshotTime(iso, locale, now), iso).toBe(intl(iso, locale, short));
      }
    }
    expect(snapshotTime('2026-12-05T22:00:00Z', 'es-ES', new Date('2026-12-05T23:00:00Z'))).toBe('23:00');
  });
});

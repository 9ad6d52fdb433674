import { describe, expect, it } from 'vitest';
import type { WallInfo } from '@nocturna/shared';
import i18n from '../../i18n/index.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { postingReasonText, wallErrorText } from './wall-errors.ts';
import { longTime } from './wall-format.ts';

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
      const text = postingReasonText(en, info(reason, spanish), 'en');
      expect(text).not.toBe(spanish);
      expect(text).toBe(
        en(`reasons.${reason}` as 'reasons.closed', {
          date: longTime('2026-12-05T22:00:00.000Z', 'en'),
          max: 10,
        }),
      );
    }
    expect(postingReasonText(en, info('no_ticket', spanish), 'en')).toBe(
      'Only people with a ticket for this event can post.',
    );
  });
  it('puts the opening date in the reader’s locale', () => {
    const opens = postingReasonText(en, info('not_open', 'x'), 'en')!;
    expect(opens).toContain('Saturday');
    expect(opens).toContain('December');
    const abre = postingReasonText(es, info('not_open', 'x'), 'es')!;
    expect(abre).toContain('sábado');
    expect(abre).toContain('diciembre');
    expect(postingReasonText(en, info('limit_reached', 'x'), 'en')).toContain('10 photos');
  });
  it('keeps the server’s message for a reason it does not know, and says nothing when one can post', () => {
    expect(postingReasonText(en, info('new_reason', 'Razón nueva'), 'en')).toBe('Razón nueva');
    expect(postingReasonText(en, info(null, null), 'en')).toBeNull();
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
  it('keeps the server’s message for an unknown code, and the fallback for a network failure', () => {
    expect(wallErrorText(en, apiError(400, 'SOMETHING_NEW', 'Algo nuevo'), 'g')).toBe('Algo nuevo');
    expect(wallErrorText(en, new TypeError('Failed to fetch'), 'Something went wrong')).toBe(
      'Something went wrong',
    );
  });
  it('has an English and a Spanish text for every code it maps', () => {
    for (const code of Object.keys(i18n.getResourceBundle('es', 'wall').errors as object)) {
      expect(i18n.exists(`wall:errors.${code}`, { lng: 'en' })).toBe(true);
    }
  });
});

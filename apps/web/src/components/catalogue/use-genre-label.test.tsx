// One label per genre code in the page's language, never the code itself.
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { GENRES } from '@nocturna/shared/catalogue-values';
import i18n from '../../i18n/index.ts';
import { useGenreLabel } from './use-genre-label.ts';

afterEach(async () => {
  await i18n.changeLanguage('es');
});

describe('useGenreLabel', () => {
  it('names every genre code from the catalogue, in Spanish and in English', async () => {
    for (const [language, commercial] of [
      ['es', 'Comercial'],
      ['en', 'Commercial'],
    ] as const) {
      await i18n.changeLanguage(language);
      const { result } = renderHook(() => useGenreLabel());
      expect(result.current('commercial')).toBe(commercial);
      expect(result.current('r&b')).toBe('R&B');
      for (const code of GENRES) expect(i18n.exists(`catalogue:genres.${code}`), code).toBe(true);
    }
  });
});

// One translated label per genre code ("r&b" → "R&B", "commercial" → "Comercial"/"Commercial"), from the
// catalogue's `genres`: search, Mi noche, the analytics charts, the DJ pages and forms name genres through it.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

export function useGenreLabel(): (code: string) => string {
  const { t } = useTranslation('catalogue');
  return useCallback((code: string) => t(`genres.${code}`, { defaultValue: code }), [t]);
}

import { useTranslation } from 'react-i18next';
import { localeOf, type Locale } from '../../lib/catalogue-format.ts';

// The Intl locale of the language the person reads the app in.
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return localeOf(i18n.resolvedLanguage ?? i18n.language);
}

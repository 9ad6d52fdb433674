// i18next with Spanish by default. Each feature keeps its strings in its own namespace file under
// locales/{es,en}/; the language comes from ?lang=, then localStorage, then Spanish.
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

const modules = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json', { eager: true });
const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [file, mod] of Object.entries(modules)) {
  const [, lang, ns] = /\.\/locales\/(\w+)\/([\w-]+)\.json$/.exec(file) ?? [];
  if (!lang || !ns) continue;
  (resources[lang] ??= {})[ns] = mod.default;
}

export const LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_STORAGE_KEY = 'nocturna.lang';

function initialLanguage(): Language {
  if (typeof window === 'undefined') return 'es';
  const fromQuery = new URLSearchParams(window.location.search).get('lang');
  if (fromQuery === 'es' || fromQuery === 'en') {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, fromQuery);
    return fromQuery;
  }
  const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  return stored === 'en' ? 'en' : 'es';
}

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLanguage(),
  fallbackLng: 'es',
  defaultNS: 'common',
  ns: Object.keys(resources.es ?? {}),
  interpolation: { escapeValue: false },
  returnNull: false,
});

if (typeof document !== 'undefined') {
  document.documentElement.lang = i18n.language;
  i18n.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  });
}

export default i18n;

// i18next with Spanish by default. Each feature keeps its strings in its own namespace file under
// locales/{es,en}/; the language comes from ?lang=, then localStorage, then Spanish. A server-rendered page
// was drawn in the language the server read from the same choice (kept in a cookie too), and hydrates in it.
// Spanish is part of the first load; English comes in its own chunks when chosen (the server and the unit
// tests have both at once).
import i18n from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';

type Catalogue = Record<string, unknown>;
type Resources = Record<string, Record<string, Catalogue>>;

function collect(modules: Record<string, Catalogue>, into: Resources): Resources {
  for (const [file, catalogue] of Object.entries(modules)) {
    const [, lang, ns] = /\.\/locales\/(\w+)\/([\w-]+)\.json$/.exec(file) ?? [];
    if (lang && ns) (into[lang] ??= {})[ns] = catalogue;
  }
  return into;
}

const resources = collect(
  import.meta.env.SSR || import.meta.env.MODE === 'test'
    ? import.meta.glob<Catalogue>('./locales/*/*.json', { eager: true, import: 'default' })
    : import.meta.glob<Catalogue>('./locales/es/*.json', { eager: true, import: 'default' }),
  {},
);
const later = import.meta.glob<Catalogue>('./locales/en/*.json', { import: 'default' });
const loadLater = (lng: string, ns: string) => {
  const load = later[`./locales/${lng}/${ns}.json`];
  return load ? load() : Promise.reject(new Error(`No ${lng}/${ns} strings`));
};

export const LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_STORAGE_KEY = 'nocturna.lang';
const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

const asLanguage = (value: string | null | undefined): Language | null =>
  value === 'es' || value === 'en' ? value : null;

function storedLanguage(): Language | null {
  try {
    return asLanguage(window.localStorage.getItem(LANGUAGE_STORAGE_KEY));
  } catch {
    return null;
  }
}

function keepLanguage(lng: string) {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // private mode: the cookie still carries it
  }
  document.cookie = `${LANGUAGE_STORAGE_KEY}=${lng}; path=/; max-age=${LANGUAGE_COOKIE_MAX_AGE_S}; samesite=lax`;
}

const serverRendered = () => document.getElementById('root')?.hasChildNodes() ?? false;

function initialLanguage(): Language {
  if (typeof window === 'undefined') return 'es';
  const fromQuery = asLanguage(new URLSearchParams(window.location.search).get('lang'));
  if (fromQuery) return fromQuery;
  if (serverRendered()) return asLanguage(document.documentElement.lang) ?? 'es';
  return storedLanguage() ?? 'es';
}

// After hydrating a page the server drew before it knew this browser's choice (a choice made before the
// cookie existed), switch to it.
export function applyStoredLanguage(): void {
  const stored = storedLanguage();
  if (stored && stored !== i18n.language) void i18n.changeLanguage(stored);
}

// Resolves once the first language's strings are all here (at once for Spanish).
export const i18nReady = i18n
  .use(initReactI18next)
  .use(resourcesToBackend(loadLater))
  .init({
    resources,
    partialBundledLanguages: true,
    // No promotional line on the console (the server's stdout carries its address to the tests).
    showSupportNotice: false,
    lng: initialLanguage(),
    fallbackLng: 'es',
    defaultNS: 'common',
    ns: Object.keys(resources.es ?? {}),
    interpolation: { escapeValue: false },
    returnNull: false,
  });

if (typeof document !== 'undefined') {
  document.documentElement.lang = i18n.language;
  if (new URLSearchParams(window.location.search).has('lang') || !serverRendered())
    keepLanguage(i18n.language);
  i18n.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
    keepLanguage(lng);
  });
}

export default i18n;

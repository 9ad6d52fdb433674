// i18next with Spanish by default. Each feature keeps its strings in its own namespace file under
// locales/{es,en}/; the language comes from ?lang=, then localStorage, then Spanish. A server-rendered page
// was drawn in the language the server read from the same choice (kept in a cookie too), and hydrates in it.
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
  if (new URLSearchParams(window.location.search).has('lang') || !serverRendered())
    keepLanguage(i18n.language);
  i18n.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
    keepLanguage(lng);
  });
}

export default i18n;
